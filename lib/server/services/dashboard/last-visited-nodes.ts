import "server-only";
import { sql } from "drizzle-orm";
import type { LastVisitedNode } from "@/lib/contract/entities/learning";
import type { Db } from "../../db/client";
import { resumeAt } from "../../domain/completion";

export interface CourseToPlace {
  courseId: string;
  versionId: string;
  courseSlug: string;
  courseSlugId: string;
}

interface PlaceRow {
  version_id: string;
  node_id: string;
  node_type: "video" | "mcqBlock" | "essayBlock";
  node_title: string;
  node_slug_id: string;
  duration_seconds: number | null;
  sub_chapter_id: string;
  sub_chapter_slug_id: string;
  chapter_id: string;
  chapter_title: string;
  chapter_slug_id: string;
  last_position_seconds: number | null;
  updated_at: string | Date | null;
}

/**
 * Where the learner left off in several courses at once, by the rule of /getCourseLastChapterData
 * (learning/get-last-visited-node.ts): the video of the enrolled version watched last, else the
 * version's first item (first chapter, first sub-chapter, first item). Two queries whatever the
 * number of courses.
 */
export async function loadLastVisitedNodes(db: Db, userId: string, list: CourseToPlace[]): Promise<Map<string, LastVisitedNode>> {
  const out = new Map<string, LastVisitedNode>();
  if (!list.length) return out;
  const versionIds = sql.join(
    list.map((c) => sql`${c.versionId}::uuid`),
    sql`, `,
  );
  const watched = await db.execute(sql`
    select distinct on (vp.version_id) vp.version_id, v.id as node_id, 'video' as node_type, v.title as node_title, v.slug_id as node_slug_id,
      v.duration_seconds, s.id as sub_chapter_id, s.slug_id as sub_chapter_slug_id, ch.id as chapter_id, ch.title as chapter_title,
      ch.slug_id as chapter_slug_id, vp.last_position_seconds, vp.updated_at
    from video_progress vp
    join videos v on v.id = vp.video_id
    join sub_chapters s on s.id = v.sub_chapter_id
    join chapters ch on ch.id = s.chapter_id and ch.version_id = vp.version_id
    where vp.user_id = ${userId} and vp.version_id in (${versionIds})
    order by vp.version_id, vp.updated_at desc`);
  const rows = [...(watched as unknown as { rows: PlaceRow[] }).rows];
  const unwatched = list.filter((c) => !rows.some((r) => r.version_id === c.versionId));
  if (unwatched.length) {
    const first = await db.execute(sql`
      select distinct on (ch.version_id) ch.version_id, i.id as node_id, i.kind as node_type, i.title as node_title, i.slug_id as node_slug_id,
        i.duration_seconds, s.id as sub_chapter_id, s.slug_id as sub_chapter_slug_id, ch.id as chapter_id, ch.title as chapter_title,
        ch.slug_id as chapter_slug_id, null::real as last_position_seconds, null::timestamptz as updated_at
      from chapters ch
      join sub_chapters s on s.chapter_id = ch.id
      join (
        select id, sub_chapter_id, position, 'video' as kind, title, slug_id, duration_seconds from videos
        union all select id, sub_chapter_id, position, 'mcqBlock', title, slug_id, null from mcq_blocks
        union all select id, sub_chapter_id, position, 'essayBlock', title, slug_id, null from essay_blocks
      ) i on i.sub_chapter_id = s.id
      where ch.version_id in (${sql.join(
        unwatched.map((c) => sql`${c.versionId}::uuid`),
        sql`, `,
      )})
      order by ch.version_id, ch.position, s.position, i.position, i.kind`);
    rows.push(...(first as unknown as { rows: PlaceRow[] }).rows);
  }
  for (const c of list) {
    const r = rows.find((x) => x.version_id === c.versionId);
    const progress = r?.updated_at ? { lastPositionSeconds: Number(r.last_position_seconds ?? 0) } : undefined;
    out.set(c.courseId, {
      courseId: c.courseId,
      versionId: c.versionId,
      courseSlug: c.courseSlug,
      courseSlugId: c.courseSlugId,
      isFirstVisit: !progress,
      chapterId: r?.chapter_id ?? null,
      chapterTitle: r?.chapter_title ?? null,
      chapterSlugId: r?.chapter_slug_id ?? null,
      subChapterId: r?.sub_chapter_id ?? null,
      subChapterSlugId: r?.sub_chapter_slug_id ?? null,
      nodeId: r?.node_id ?? null,
      nodeType: r?.node_type ?? null,
      nodeTitle: r?.node_title ?? null,
      nodeSlugId: r?.node_slug_id ?? null,
      resumeAtSeconds:
        r?.node_type === "video" ? resumeAt(progress as Parameters<typeof resumeAt>[0], Number(r.duration_seconds ?? 0)) : null,
      lastVisitedAt: r?.updated_at ? new Date(r.updated_at).toISOString() : null,
    });
  }
  return out;
}
