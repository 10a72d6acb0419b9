import "server-only";
import { sql } from "drizzle-orm";
import type { BundledProgram } from "@/lib/contract/entities/shared";
import type { BatchDetails } from "@/lib/contract/entities/dashboard";
import type { Deps } from "../../deps";
import { loadEnrolledCourses } from "../../domain/completion";
import type { User } from "../../domain/user";
import { courseDurationFields, courseVideoSecondsSql } from "../../domain/course-hours";

/** The dashboard warns this many days before the learner's access ends. */
export const EXPIRY_NOTICE_DAYS = 14;
const DAY_MS = 86_400_000;

interface Row {
  batch_id: string;
  account_expires_at: string | Date | null;
  program_id: string | null;
  program_name: string | null;
  program_description: string | null;
  program_image: string | null;
  program_domain: string | null;
  course_id: string | null;
  video_seconds: number | null;
}

/**
 * When the learner's access ends: the latest end among their batches (null, no end, when they are in
 * no batch or one of their batches has no end), cut short by the person's own access end, which an
 * administrator sets on their page and after which they cannot sign in at all.
 */
export function accountExpiry(batchEnds: (Date | null)[], personEnd: Date | null = null): Date | null {
  const batches = !batchEnds.length || batchEnds.some((d) => d === null) ? null : new Date(Math.max(...batchEnds.map((d) => d!.getTime())));
  if (!personEnd) return batches;
  return !batches || personEnd < batches ? personEnd : batches;
}

/** Account status, days left and the notice, from the expiry: expired from the expiry instant on (as the learning page locks it). */
export function expiryFigures(expiry: Date | null, now: Date) {
  if (!expiry) return { accountStatus: "active" as const, daysUntilExpiry: null, isExpiringSoon: false };
  const left = expiry.getTime() - now.getTime();
  if (left <= 0) return { accountStatus: "expired" as const, daysUntilExpiry: null, isExpiringSoon: false };
  return { accountStatus: "active" as const, daysUntilExpiry: Math.ceil(left / DAY_MS), isExpiringSoon: left <= EXPIRY_NOTICE_DAYS * DAY_MS };
}

/**
 * GET /dashboard/courseOrProgram/details: what the learner's batches give access to. A learner in a
 * batch that takes a program sees the programs (programData); one who is not sees the courses they
 * are enrolled in (courseInfo). Course hours count the version the learner is enrolled in, else the
 * current one; a course in two programs counts once.
 */
export async function getBatchDetails(deps: Deps, user: User): Promise<BatchDetails> {
  const now = deps.now();
  const result = await deps.db.execute(sql`
    select b.id as batch_id, b.account_expires_at, p.id as program_id, p.name as program_name, p.description as program_description,
      p.image as program_image, d.name as program_domain, pc.course_id,
      ${courseVideoSecondsSql(sql`pc.course_id`, sql`e.version_id`)} as video_seconds
    from batch_members bm
    join batches b on b.id = bm.batch_id
    left join programs p on p.id = b.program_id
    left join domains d on d.id = p.domain_id
    left join program_courses pc on pc.program_id = p.id
    left join enrollments e on e.user_id = bm.user_id and e.course_id = pc.course_id
    where bm.user_id = ${user.id}
    order by b.created_at, b.id, pc.position`);
  const rows = (result as unknown as { rows: Row[] }).rows;

  const batchEnds = new Map<string, Date | null>();
  const programs = new Map<string, BundledProgram & { seconds: number }>();
  const courseSeconds = new Map<string, number>();
  for (const r of rows) {
    batchEnds.set(r.batch_id, r.account_expires_at ? new Date(r.account_expires_at) : null);
    if (!r.program_id) continue;
    let program = programs.get(r.program_id);
    if (!program) {
      program = {
        programId: r.program_id,
        programName: r.program_name ?? "",
        programImage: r.program_image,
        totalCourses: 0,
        batchId: r.batch_id,
        domain: (r.program_domain as BundledProgram["domain"]) ?? null,
        description: r.program_description ?? "",
        ...courseDurationFields(0),
        seconds: 0,
      };
      programs.set(r.program_id, program);
    }
    if (r.course_id && program.batchId === r.batch_id) {
      program.totalCourses++;
      program.seconds += Number(r.video_seconds ?? 0);
      courseSeconds.set(r.course_id, Number(r.video_seconds ?? 0));
    }
  }
  const expiry = accountExpiry([...batchEnds.values()], user.accessExpiresAt);
  const { accountStatus, daysUntilExpiry, isExpiringSoon } = expiryFigures(expiry, now);
  const common = { accountStatus, accountExpiryDate: expiry?.toISOString() ?? null, daysUntilExpiry, isExpiringSoon };

  if (programs.size) {
    const programData = [...programs.values()].map(({ seconds, ...p }) => ({ ...p, ...courseDurationFields(seconds) }));
    return {
      isProgramAvailable: true,
      programCount: programData.length,
      courseCount: courseSeconds.size,
      ...courseDurationFields([...courseSeconds.values()].reduce((a, b) => a + b, 0)),
      programData,
      courseInfo: null,
      ...common,
    };
  }
  const enrolled = await loadEnrolledCourses(deps.db, user.id);
  const courseInfo = enrolled.map((c) => ({
    courseId: c.courseId,
    courseName: c.courseName,
    courseImage: c.courseImage,
    courseType: c.courseType,
    ...courseDurationFields(c.totals.videoSeconds),
  }));
  return {
    isProgramAvailable: false,
    programCount: 0,
    courseCount: courseInfo.length,
    ...courseDurationFields(enrolled.reduce((n, c) => n + c.totals.videoSeconds, 0)),
    programData: null,
    courseInfo,
    ...common,
  };
}
