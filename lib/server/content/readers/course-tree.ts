import "server-only";
import { asc, eq, inArray } from "drizzle-orm";
import * as t from "@/lib/server/db/schema";
import { readEssayCriteria } from "../writers/essay-blocks";
import { readMcqContent } from "../writers/mcq-blocks";
import type { Tx } from "../writers/rows";

// The reverse of writers/course-tree.ts: a version's tree as the content files (courses/*.yaml) hold
// it, field for field, so that what is read can be written again by the same writers.

export interface ContentVideo {
  slugId: string;
  title: string;
  description: string;
  provider: "youtube" | "vdocipher" | "uploadedVideo";
  source: string;
  durationSeconds: number;
  coverImage?: string | null;
  captionsUrl?: string | null;
  pageContent?: string | null;
  toolsCovered: string[];
  freePreview: boolean;
}

export interface ContentMcqBlock {
  slugId: string;
  title: string;
  durationInMinutes: number;
  passMark?: number;
  attemptsAllowed?: number;
  questions: { question: string; mark: number; options: { value: string; correct: boolean }[] }[];
}

export interface ContentEssayBlock {
  slugId: string;
  title: string;
  question: string;
  description: string;
  referenceDocument?: string | null;
  solutionDocument?: string | null;
  durationInMinutes: number;
  passMark?: number;
  minWords?: number;
  maxWords?: number;
  criteria: { gradingCriteria: string; description: string; marks: number }[];
}

export interface ContentScormItem {
  slugId: string;
  title: string;
  /** "scorm:<sha256>" of the stored package; content:export writes the zip and its path instead. */
  package: string;
  passMark?: number;
}

/** One item of a sub-chapter: exactly one of the four is set. */
export interface ContentItem {
  video?: ContentVideo;
  mcq?: ContentMcqBlock;
  essay?: ContentEssayBlock;
  scorm?: ContentScormItem;
}

export interface ContentSubChapter {
  slugId: string;
  title: string;
  emoji?: string | null;
  items: ContentItem[];
}

export interface ContentChapter {
  slugId: string;
  title: string;
  emoji?: string | null;
  subChapters: ContentSubChapter[];
}

const optional = <T>(v: T | null) => (v === null ? {} : v);

/** The chapters of one version, in order, each with its sub-chapters and items (nine queries whatever its size). */
export async function readCourseTree(tx: Tx, versionId: string): Promise<ContentChapter[]> {
  const chapters = await tx.select().from(t.chapters).where(eq(t.chapters.versionId, versionId)).orderBy(asc(t.chapters.position));
  const subs = chapters.length
    ? await tx
        .select()
        .from(t.subChapters)
        .where(
          inArray(
            t.subChapters.chapterId,
            chapters.map((c) => c.id),
          ),
        )
        .orderBy(asc(t.subChapters.position))
    : [];
  const subIds = subs.map((s) => s.id);
  const [videos, mcqs, essays, scorms] = subIds.length
    ? await Promise.all([
        tx.select().from(t.videos).where(inArray(t.videos.subChapterId, subIds)),
        tx.select().from(t.mcqBlocks).where(inArray(t.mcqBlocks.subChapterId, subIds)),
        tx.select().from(t.essayBlocks).where(inArray(t.essayBlocks.subChapterId, subIds)),
        tx
          .select({ item: t.scormItems, sha256: t.scormPackages.sha256 })
          .from(t.scormItems)
          .innerJoin(t.scormPackages, eq(t.scormPackages.id, t.scormItems.packageId))
          .where(inArray(t.scormItems.subChapterId, subIds)),
      ])
    : [[], [], [], []];
  const mcqContent = await readMcqContent(
    tx,
    mcqs.map((m) => m.id),
  );
  const criteria = await readEssayCriteria(
    tx,
    essays.map((e) => e.id),
  );

  const items = new Map<string, { position: number; item: ContentItem }[]>();
  const add = (subChapterId: string, position: number, item: ContentItem) => {
    const list = items.get(subChapterId) ?? [];
    list.push({ position, item });
    items.set(subChapterId, list);
  };
  for (const v of videos)
    add(v.subChapterId, v.position, {
      video: {
        slugId: v.slugId,
        title: v.title,
        description: v.description,
        provider: v.provider,
        source: v.source,
        durationSeconds: v.durationSeconds,
        ...optional(v.coverImage === null ? null : { coverImage: v.coverImage }),
        ...optional(v.captionsUrl === null ? null : { captionsUrl: v.captionsUrl }),
        ...optional(v.pageContent === null ? null : { pageContent: v.pageContent }),
        toolsCovered: v.toolsCovered,
        freePreview: v.isFreePreview,
      },
    });
  for (const m of mcqs)
    add(m.subChapterId, m.position, {
      mcq: {
        slugId: m.slugId,
        title: m.title,
        durationInMinutes: m.durationInMinutes,
        ...optional(m.passMark === null ? null : { passMark: m.passMark }),
        ...optional(m.attemptsAllowed === null ? null : { attemptsAllowed: m.attemptsAllowed }),
        questions: (mcqContent.questionsByBlock.get(m.id) ?? []).map((q) => ({
          question: q.question,
          mark: q.mark,
          options: (mcqContent.optionsByQuestion.get(q.id) ?? []).map((o) => ({ value: o.value, correct: o.isCorrect })),
        })),
      },
    });
  for (const e of essays)
    add(e.subChapterId, e.position, {
      essay: {
        slugId: e.slugId,
        title: e.title,
        question: e.question,
        description: e.description,
        ...optional(e.referenceDocument === null ? null : { referenceDocument: e.referenceDocument }),
        ...optional(e.solutionDocument === null ? null : { solutionDocument: e.solutionDocument }),
        durationInMinutes: e.durationInMinutes,
        ...optional(e.passMark === null ? null : { passMark: e.passMark }),
        ...optional(e.minWords === null ? null : { minWords: e.minWords }),
        ...optional(e.maxWords === null ? null : { maxWords: e.maxWords }),
        criteria: (criteria.get(e.id) ?? []).map((k) => ({ gradingCriteria: k.gradingCriteria, description: k.description, marks: k.marks })),
      },
    });

  for (const { item: k, sha256 } of scorms)
    add(k.subChapterId, k.position, {
      scorm: {
        slugId: k.slugId,
        title: k.title,
        package: `scorm:${sha256}`,
        ...optional(k.passMark === null ? null : { passMark: k.passMark }),
      },
    });

  return chapters.map((c) => ({
    slugId: c.slugId,
    title: c.title,
    ...optional(c.emoji === null ? null : { emoji: c.emoji }),
    subChapters: subs
      .filter((s) => s.chapterId === c.id)
      .map((s) => ({
        slugId: s.slugId,
        title: s.title,
        ...optional(s.emoji === null ? null : { emoji: s.emoji }),
        items: (items.get(s.id) ?? []).sort((a, b) => a.position - b.position).map((x) => x.item),
      })),
  }));
}
