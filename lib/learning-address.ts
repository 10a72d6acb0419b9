/**
 * Addresses of the learning page: /learn/{nodeType}/{course}/{chapter}/{subChapter}/{item}, each part
 * a slug id (stable when titles change). /learn/course/{course} resumes where the learner left off.
 */
export const LEARN_NODE_TYPES = ["video", "mcqBlock", "essayBlock"] as const;
export type LearnPageNodeType = (typeof LEARN_NODE_TYPES)[number];

export interface LearnPlace {
  nodeType: LearnPageNodeType;
  courseSlugId: string;
  chapterSlugId: string;
  subChapterSlugId: string;
  nodeSlugId: string;
}

const part = (s: string) => encodeURIComponent(s);

export const learnPath = (p: LearnPlace) =>
  `/learn/${p.nodeType}/${part(p.courseSlugId)}/${part(p.chapterSlugId)}/${part(p.subChapterSlugId)}/${part(p.nodeSlugId)}`;

export const courseEntryPath = (courseSlugId: string) => `/learn/course/${part(courseSlugId)}`;

export const isLearnNodeType = (value: string): value is LearnPageNodeType => (LEARN_NODE_TYPES as readonly string[]).includes(value);

/** Reads an address's parts; null when it has the wrong shape. */
export function parseLearnPath(nodeType: string, params: string[]): LearnPlace | { nodeType: "course"; courseSlugId: string } | null {
  const decoded = params.map((p) => decodeURIComponent(p));
  if (nodeType === "course" && decoded.length === 1) return { nodeType: "course", courseSlugId: decoded[0]! };
  if (!isLearnNodeType(nodeType) || decoded.length !== 4 || decoded.some((d) => !d)) return null;
  const [courseSlugId, chapterSlugId, subChapterSlugId, nodeSlugId] = decoded as [string, string, string, string];
  return { nodeType, courseSlugId, chapterSlugId, subChapterSlugId, nodeSlugId };
}
