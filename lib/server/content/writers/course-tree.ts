import "server-only";
import { eq, inArray } from "drizzle-orm";
import * as t from "@/lib/server/db/schema";
import { slugify } from "@/lib/slug";
import type * as s from "../schema";
import { readEssayCriteria, writeEssayBlock } from "./essay-blocks";
import { readMcqContent, writeMcqBlock } from "./mcq-blocks";
import { byKey, deleteIds, upsertRow, type Tx } from "./rows";
import { writeVideo } from "./videos";

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

  const kept = { chapters: new Set<string>(), subs: new Set<string>(), videos: new Set<string>(), mcqs: new Set<string>(), essays: new Set<string>() };

  for (const [ci, ch] of chapters.entries()) {
    const chapterRow = { versionId, title: ch.title, position: ci, emoji: ch.emoji ?? null, slug: slugify(ch.title), slugId: ch.slugId };
    const chapterId = await upsertRow(tx, t.chapters, chapterBySlug.get(ch.slugId), chapterRow);
    kept.chapters.add(chapterId);

    for (const [si, sub] of ch.subChapters.entries()) {
      const subRow = { chapterId, title: sub.title, position: si, emoji: sub.emoji ?? null, slug: slugify(sub.title), slugId: sub.slugId };
      const subChapterId = await upsertRow(tx, t.subChapters, subBySlug.get(sub.slugId), subRow);
      kept.subs.add(subChapterId);

      for (const [position, it] of sub.items.entries()) {
        const place = { subChapterId, position };
        if (it.video) kept.videos.add(await writeVideo(tx, place, it.video, videoBySlug.get(it.video.slugId)));
        else if (it.mcq) kept.mcqs.add(await writeMcqBlock(tx, place, it.mcq, mcqBySlug.get(it.mcq.slugId), mcqContent));
        else if (it.essay) kept.essays.add(await writeEssayBlock(tx, place, it.essay, essayBySlug.get(it.essay.slugId), criteriaByBlock));
      }
    }
  }

  // Deleted last: rows that moved to another parent have been re-attached by now.
  const gone = <T extends { id: string }>(rows: T[], keep: Set<string>) => rows.filter((r) => !keep.has(r.id)).map((r) => r.id);
  await deleteIds(tx, t.videos, gone(exVideos, kept.videos));
  await deleteIds(tx, t.mcqBlocks, gone(exMcqs, kept.mcqs));
  await deleteIds(tx, t.essayBlocks, gone(exEssays, kept.essays));
  await deleteIds(tx, t.subChapters, gone(exSubs, kept.subs));
  await deleteIds(tx, t.chapters, gone(exChapters, kept.chapters));
}
