import "server-only";
import { sql } from "drizzle-orm";
import type { Db } from "../../db/client";
import { chapters, courses, courseVersions, essayBlocks, mcqBlocks, subChapters, videos } from "../../db/schema";

const slugsOf = (table: typeof videos | typeof mcqBlocks | typeof essayBlocks) =>
  sql`select ${table.slugId} as slug_id, ${table.subChapterId} as sub_chapter_id from ${table}`;

/**
 * The id of the course a learning-page address names: the course with that slug id, which for an
 * item's address holds an item with that slug id in one of its versions; null when the address names
 * nothing. One query and no session, so the page can answer 404 before it starts streaming; which
 * version the learner takes, and whether they may open it, the page's loader decides.
 */
export async function findCourseForAddress(db: Db, courseSlugId: string, nodeSlugId?: string): Promise<string | null> {
  const itemExists =
    nodeSlugId === undefined
      ? sql`true`
      : sql`exists (
        select 1 from (${slugsOf(videos)} union all ${slugsOf(mcqBlocks)} union all ${slugsOf(essayBlocks)}) as item
        join ${subChapters} on ${subChapters.id} = item.sub_chapter_id
        join ${chapters} on ${chapters.id} = ${subChapters.chapterId}
        join ${courseVersions} on ${courseVersions.id} = ${chapters.versionId}
        where item.slug_id = ${nodeSlugId} and ${courseVersions.courseId} = ${courses.id})`;
  const result = await db.execute(sql`select ${courses.id} as id from ${courses} where ${courses.slugId} = ${courseSlugId} and ${itemExists} limit 1`);
  return (result as unknown as { rows: { id: string }[] }).rows[0]?.id ?? null;
}
