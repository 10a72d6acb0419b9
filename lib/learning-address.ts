import type { LastVisitedNode, VideoCourseTree, VideoTreeItem } from "@/lib/contract/entities/learning";

/**
 * Addresses of the learning page: /learn/{nodeType}/{course}/{chapter}/{subChapter}/{item}, each part
 * a slug id (stable when titles change). /learn/course/{course} resumes where the learner left off.
 * Every address of the learning page is built here.
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

/** The address of the place a learner left off; null when it names no item of the learning page. */
export function lastVisitedPath(
  last: Pick<LastVisitedNode, "nodeType" | "courseSlugId" | "chapterSlugId" | "subChapterSlugId" | "nodeSlugId"> | null | undefined,
): string | null {
  if (!last?.nodeType || !isLearnNodeType(last.nodeType) || !last.chapterSlugId || !last.subChapterSlugId || !last.nodeSlugId) return null;
  return learnPath({
    nodeType: last.nodeType,
    courseSlugId: last.courseSlugId,
    chapterSlugId: last.chapterSlugId,
    subChapterSlugId: last.subChapterSlugId,
    nodeSlugId: last.nodeSlugId,
  });
}

/** The address of an item of a course tree, from the slug ids of the parts it lies in. */
export const treeItemPath = (courseSlugId: string, chapterSlugId: string, subChapterSlugId: string, item: Pick<VideoTreeItem, "type" | "slugId">) =>
  learnPath({ nodeType: item.type, courseSlugId, chapterSlugId, subChapterSlugId, nodeSlugId: item.slugId });

export interface PlacedItem {
  item: VideoTreeItem;
  chapterSlugId: string;
  subChapterSlugId: string;
  path: string;
}

/** Every item of the course in playing order, with its address. */
export function placedItems(tree: VideoCourseTree): PlacedItem[] {
  return tree.chapters.flatMap((chapter) =>
    chapter.subChapters.flatMap((sub) =>
      sub.items.map((item) => ({
        item,
        chapterSlugId: chapter.slugId,
        subChapterSlugId: sub.slugId,
        path: treeItemPath(tree.slugId, chapter.slugId, sub.slugId, item),
      })),
    ),
  );
}

/** The address of a SCORM item's page: the package plays there, beside the course tree. */
export const scormItemPath = (itemId: string) => `/learn/scorm/${part(itemId)}`;

/** One step of a course, in the order a learner takes it: an item of the learning page or a SCORM item. */
export interface CourseStep {
  id: string;
  title: string;
  path: string;
}

/**
 * Every step of the course in playing order: each sub-chapter's items, with its SCORM items placed
 * among them (`itemsBefore`). Previous and next follow this order on every page of a course.
 */
export function courseSteps(tree: Pick<VideoCourseTree, "slugId" | "chapters" | "scormItems">): CourseStep[] {
  const steps: CourseStep[] = [];
  for (const chapter of tree.chapters) {
    for (const sub of chapter.subChapters) {
      for (const entry of subChapterEntries(sub, tree.scormItems)) {
        steps.push(
          entry.kind === "item"
            ? { id: entry.item.id, title: entry.item.title, path: treeItemPath(tree.slugId, chapter.slugId, sub.slugId, entry.item) }
            : { id: entry.scorm.id, title: entry.scorm.title, path: scormItemPath(entry.scorm.id) },
        );
      }
    }
  }
  return steps;
}

type TreeScormItem = VideoCourseTree["scormItems"][number];
export type SubChapterEntry = { kind: "item"; item: VideoTreeItem } | { kind: "scorm"; scorm: TreeScormItem };

/** A sub-chapter's items and SCORM items, in the one order they are played in. */
export function subChapterEntries(sub: { id: string; items: VideoTreeItem[] }, scormItems: TreeScormItem[]): SubChapterEntry[] {
  const mine = scormItems.filter((s) => s.subChapterId === sub.id);
  const entries: SubChapterEntry[] = [];
  let next = 0;
  sub.items.forEach((item, index) => {
    while (next < mine.length && mine[next]!.itemsBefore <= index) entries.push({ kind: "scorm", scorm: mine[next++]! });
    entries.push({ kind: "item", item });
  });
  while (next < mine.length) entries.push({ kind: "scorm", scorm: mine[next++]! });
  return entries;
}
