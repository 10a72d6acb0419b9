import "server-only";
import { sql } from "drizzle-orm";
import type { BundledProgram } from "@/lib/contract/entities/shared";
import type { EnrolledProgram } from "@/lib/contract/entities/dashboard";
import type { Deps } from "../../deps";
import { loadEnrolledCourseProgress } from "../../domain/completion";
import type { User } from "../../domain/user";
import { courseDurationFields, courseVideoSecondsSql } from "../../domain/course-hours";
import { programProgress } from "../../domain/program-progress";

interface Row {
  program_id: string;
  program_name: string;
  description: string;
  image: string | null;
  domain: string | null;
  batch_id: string | null;
  course_id: string | null;
  video_seconds: number | null;
}

/**
 * GET /dashboard/programs: the programs the learner takes (through one of their batches, or enrolled
 * in through the program), by name, each with its size and the learner's progress. Three queries
 * whatever the number of programs and courses.
 */
export async function listEnrolledPrograms(deps: Deps, user: User): Promise<EnrolledProgram[]> {
  const [result, enrolled] = await Promise.all([
    deps.db.execute(sql`
      select p.id as program_id, p.name as program_name, p.description, p.image, d.name as domain,
        (select b.id from batch_members bm join batches b on b.id = bm.batch_id
          where bm.user_id = ${user.id} and b.program_id = p.id order by b.created_at, b.id limit 1) as batch_id,
        pc.course_id, ${courseVideoSecondsSql(sql`pc.course_id`, sql`e.version_id`)} as video_seconds
      from programs p
      left join domains d on d.id = p.domain_id
      left join program_courses pc on pc.program_id = p.id
      left join enrollments e on e.user_id = ${user.id} and e.course_id = pc.course_id
      where p.id in (
        select b.program_id from batch_members bm join batches b on b.id = bm.batch_id where bm.user_id = ${user.id} and b.program_id is not null
        union
        select en.program_id from enrollments en where en.user_id = ${user.id} and en.program_id is not null)
      order by p.name, p.id, pc.position`),
    loadEnrolledCourseProgress(deps.db, user.id),
  ]);
  const completed = new Set(enrolled.filter((c) => c.figures.isCompleted).map((c) => c.courseId));
  const programs = new Map<string, { row: Row; courseIds: string[]; seconds: number }>();
  for (const r of (result as unknown as { rows: Row[] }).rows) {
    let p = programs.get(r.program_id);
    if (!p) {
      p = { row: r, courseIds: [], seconds: 0 };
      programs.set(r.program_id, p);
    }
    if (r.course_id) {
      p.courseIds.push(r.course_id);
      p.seconds += Number(r.video_seconds ?? 0);
    }
  }
  return [...programs.values()].map(({ row, courseIds, seconds }) => ({
    programId: row.program_id,
    programName: row.program_name,
    programImage: row.image,
    totalCourses: courseIds.length,
    batchId: row.batch_id,
    domain: (row.domain as BundledProgram["domain"]) ?? null,
    description: row.description,
    ...courseDurationFields(seconds),
    ...programProgress(courseIds, completed),
  }));
}
