import "server-only";
import { randomUUID } from "node:crypto";
import { eq, inArray, sql, type SQL } from "drizzle-orm";
import type { PgTable } from "drizzle-orm/pg-core";
import * as t from "@/lib/server/db/schema";
import { slugify } from "@/lib/slug";
import type * as s from "../schema";
import { essayBlockRow, essayCriterionRow, readEssayCriteria, writeEssayBlock } from "./essay-blocks";
import { mcqBlockRow, mcqOptionRow, mcqQuestionRow, readMcqContent, writeMcqBlock } from "./mcq-blocks";
import { byKey, deleteIds, upsertRow, type Tx } from "./rows";
import { readScormPackageIds, scormItemRow, writeScormItem } from "./scorm-items";
import { videoRow, writeVideo } from "./videos";

const chapterRow = (versionId: string, position: number, ch: s.CourseVersionInput["chapters"][number]) => ({
  versionId,
  title: ch.title,
  position,
  emoji: ch.emoji ?? null,
  slug: slugify(ch.title),
  slugId: ch.slugId,
});
const subChapterRow = (chapterId: string, position: number, sub: s.CourseVersionInput["chapters"][number]["subChapters"][number]) => ({
  chapterId,
  title: sub.title,
  position,
  emoji: sub.emoji ?? null,
  slug: slugify(sub.title),
  slugId: sub.slugId,
});

/**
 * Brings a version's chapters, sub-chapters and items in line with the file. Rows are matched by
 * slugId within the version (a sub-chapter or item may move to another parent and keeps its id);
 * questions, options and criteria are matched by position. Rows no longer in the file are deleted.
 */
export async function writeCourseTree(tx: Tx, versionId: string, chapters: s.CourseVersionInput["chapters"]): Promise<void> {
  const exChapters = await tx.select().from(t.chapters).where(eq(t.chapters.versionId, versionId));
  const exChapterIds = exChapters.map((r) => r.id);
  const exSubs = exChapterIds.length ? await tx.select().from(t.subChapters).where(inArray(t.subChapters.chapterId, exChapterIds)) : [];
  const exSubIds = exSubs.map((r) => r.id);
  const exVideos = exSubIds.length ? await tx.select().from(t.videos).where(inArray(t.videos.subChapterId, exSubIds)) : [];
  const exMcqs = exSubIds.length ? await tx.select().from(t.mcqBlocks).where(inArray(t.mcqBlocks.subChapterId, exSubIds)) : [];
  const exEssays = exSubIds.length ? await tx.select().from(t.essayBlocks).where(inArray(t.essayBlocks.subChapterId, exSubIds)) : [];
  const exScorms = exSubIds.length ? await tx.select().from(t.scormItems).where(inArray(t.scormItems.subChapterId, exSubIds)) : [];
  const scormPackages = await readScormPackageIds(tx, scormItemsOf(chapters));
  const mcqContent = await readMcqContent(
    tx,
    exMcqs.map((r) => r.id),
  );
  const criteriaByBlock = await readEssayCriteria(
    tx,
    exEssays.map((r) => r.id),
  );

  const chapterBySlug = byKey(exChapters, (r) => r.slugId);
  const subBySlug = byKey(exSubs, (r) => r.slugId);
  const videoBySlug = byKey(exVideos, (r) => r.slugId);
  const mcqBySlug = byKey(exMcqs, (r) => r.slugId);
  const essayBySlug = byKey(exEssays, (r) => r.slugId);
  const scormBySlug = byKey(exScorms, (r) => r.slugId);

  const kept = {
    chapters: new Set<string>(),
    subs: new Set<string>(),
    videos: new Set<string>(),
    mcqs: new Set<string>(),
    essays: new Set<string>(),
    scorms: new Set<string>(),
  };

  for (const [ci, ch] of chapters.entries()) {
    const chapterId = await upsertRow(tx, t.chapters, chapterBySlug.get(ch.slugId), chapterRow(versionId, ci, ch));
    kept.chapters.add(chapterId);

    for (const [si, sub] of ch.subChapters.entries()) {
      const subChapterId = await upsertRow(tx, t.subChapters, subBySlug.get(sub.slugId), subChapterRow(chapterId, si, sub));
      kept.subs.add(subChapterId);

      for (const [position, it] of sub.items.entries()) {
        const place = { subChapterId, position };
        if (it.video) kept.videos.add(await writeVideo(tx, place, it.video, videoBySlug.get(it.video.slugId)));
        else if (it.mcq) kept.mcqs.add(await writeMcqBlock(tx, place, it.mcq, mcqBySlug.get(it.mcq.slugId), mcqContent));
        else if (it.essay) kept.essays.add(await writeEssayBlock(tx, place, it.essay, essayBySlug.get(it.essay.slugId), criteriaByBlock));
        else if (it.scorm) kept.scorms.add(await writeScormItem(tx, place, it.scorm, scormBySlug.get(it.scorm.slugId), scormPackages));
      }
    }
  }

  // Deleted last: rows that moved to another parent have been re-attached by now.
  const gone = <T extends { id: string }>(rows: T[], keep: Set<string>) => rows.filter((r) => !keep.has(r.id)).map((r) => r.id);
  await deleteIds(tx, t.videos, gone(exVideos, kept.videos));
  await deleteIds(tx, t.mcqBlocks, gone(exMcqs, kept.mcqs));
  await deleteIds(tx, t.essayBlocks, gone(exEssays, kept.essays));
  await deleteIds(tx, t.scormItems, gone(exScorms, kept.scorms));
  await deleteIds(tx, t.subChapters, gone(exSubs, kept.subs));
  await deleteIds(tx, t.chapters, gone(exChapters, kept.chapters));
}

/** The SCORM items of a tree, in order. */
const scormItemsOf = (chapters: s.CourseVersionInput["chapters"]) =>
  chapters.flatMap((ch) => ch.subChapters.flatMap((sub) => sub.items.flatMap((it) => (it.scorm ? [it.scorm] : []))));

/** Most bind parameters one statement of insertCourseTree carries (PostgreSQL takes at most 65,535). */
const PARAMETERS_PER_STATEMENT = 30_000;

/**
 * Writes the chapters, sub-chapters and items of a version that has none yet (a version being
 * published), with the same rows writeCourseTree would write; with `options.version`, the version's
 * own row too, under `versionId`. Each row's id is made here, so that
 * children can name their parents before anything is written; the rows then go in as one statement
 * of inserts (WITH ... AS (INSERT ...)), parents and children together: the foreign keys are checked
 * at the end of the statement. A course too large for one statement's parameters is written as
 * several, each holding whole tables or runs of one table's rows, parents first.
 */
export async function insertCourseTree(
  tx: Tx,
  versionId: string,
  chapters: s.CourseVersionInput["chapters"],
  options: { parametersPerStatement?: number; version?: Omit<typeof t.courseVersions.$inferInsert, "id"> } = {},
): Promise<void> {
  const parametersPerStatement = options.parametersPerStatement ?? PARAMETERS_PER_STATEMENT;
  const rows = {
    chapters: [] as Record<string, unknown>[],
    subChapters: [] as Record<string, unknown>[],
    videos: [] as Record<string, unknown>[],
    mcqBlocks: [] as Record<string, unknown>[],
    mcqQuestions: [] as Record<string, unknown>[],
    mcqOptions: [] as Record<string, unknown>[],
    essayBlocks: [] as Record<string, unknown>[],
    essayCriteria: [] as Record<string, unknown>[],
    scormItems: [] as Record<string, unknown>[],
  };
  const scormPackages = await readScormPackageIds(tx, scormItemsOf(chapters));
  const withId = <T extends object>(list: Record<string, unknown>[], row: T) => {
    const id = randomUUID();
    list.push({ id, ...row });
    return id;
  };
  for (const [ci, ch] of chapters.entries()) {
    const chapterId = withId(rows.chapters, chapterRow(versionId, ci, ch));
    for (const [si, sub] of ch.subChapters.entries()) {
      const subChapterId = withId(rows.subChapters, subChapterRow(chapterId, si, sub));
      for (const [position, it] of sub.items.entries()) {
        const place = { subChapterId, position };
        if (it.video) withId(rows.videos, videoRow(place, it.video));
        else if (it.mcq) {
          const blockId = withId(rows.mcqBlocks, mcqBlockRow(place, it.mcq));
          for (const [qi, q] of it.mcq.questions.entries()) {
            const questionId = withId(rows.mcqQuestions, mcqQuestionRow(blockId, qi, q));
            for (const [oi, o] of q.options.entries()) withId(rows.mcqOptions, mcqOptionRow(questionId, oi, o));
          }
        } else if (it.essay) {
          const blockId = withId(rows.essayBlocks, essayBlockRow(place, it.essay));
          for (const [ki, k] of it.essay.criteria.entries()) withId(rows.essayCriteria, essayCriterionRow(blockId, ki, k));
        } else if (it.scorm) withId(rows.scormItems, scormItemRow(place, it.scorm, scormPackages));
      }
    }
  }

  // Parents before children, in runs that each fit in one statement's parameters.
  const tables: [PgTable, Record<string, unknown>[]][] = [
    // The version's own row, when it is written with its tree.
    [t.courseVersions, options.version ? [{ id: versionId, ...options.version }] : []],
    [t.chapters, rows.chapters],
    [t.subChapters, rows.subChapters],
    [t.videos, rows.videos],
    [t.mcqBlocks, rows.mcqBlocks],
    [t.mcqQuestions, rows.mcqQuestions],
    [t.mcqOptions, rows.mcqOptions],
    [t.essayBlocks, rows.essayBlocks],
    [t.essayCriteria, rows.essayCriteria],
    [t.scormItems, rows.scormItems],
  ];
  const statements: SQL[][] = [[]];
  let parameters = 0;
  for (const [table, list] of tables) {
    if (!list.length) continue;
    const perRow = Object.keys(list[0]!).length;
    const rowsPerRun = Math.max(1, Math.floor(parametersPerStatement / perRow));
    for (let start = 0; start < list.length; start += rowsPerRun) {
      const run = list.slice(start, start + rowsPerRun);
      if (parameters + run.length * perRow > parametersPerStatement) {
        statements.push([]);
        parameters = 0;
      }
      statements.at(-1)!.push(tx.insert(table).values(run as never).getSQL());
      parameters += run.length * perRow;
    }
  }
  for (const inserts of statements) {
    if (inserts.length === 1) await tx.execute(inserts[0]!);
    else if (inserts.length > 1) {
      const parts = inserts.map((insert, i) => sql`${sql.raw(`w${i}`)} as (${insert})`);
      await tx.execute(sql`with ${sql.join(parts, sql`, `)} select 1`);
    }
  }
}
