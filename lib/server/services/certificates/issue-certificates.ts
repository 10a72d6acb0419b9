import "server-only";
import { eq, sql } from "drizzle-orm";
import { DEFAULT_BRANDING } from "@/lib/branding";
import type { Db } from "../../db/client";
import { certificates, companies } from "../../db/schema";
import type { Deps } from "../../deps";
import { loadEnrolledCourseProgress, type EnrolledCourseProgress } from "../../domain/completion";
import type { User } from "../../domain/user";
import { recordLearningEvent } from "../xapi";
import { newCertificateUid, type CertificateRow } from "./certificate-records";

/*
 * Certificates are issued by the server from the one completion model (domain/completion.ts):
 *
 * - a course certificate once the learner's enrolled version of the course is completed: every video
 *   complete (90 % really watched, or marked complete where the batch allows it), every multiple-choice
 *   block completed (submitted, or closed by the server at its deadline) and every essay submitted
 *   (awaiting results or graded; any source: manual, timeOut even with an empty draft, migrated);
 * - a master certificate once every course of a program the learner takes (through a batch, or
 *   enrolled in through the program) is completed in that sense.
 *
 * They are issued when the learner completes a video, submits a multiple-choice block or an essay,
 * and whenever the learner's certificates or dashboard figures are read or generateCertificates is
 * called (which catches completions the server made itself, at a deadline). Never twice: the insert
 * skips any certificate the learner already has (a unique index per learner and course, and per
 * learner and program), so two completions at once still give one certificate.
 */

export interface LearnerProgram {
  programId: string;
  name: string;
  courseIds: string[];
}

interface ProgramRow {
  program_id: string;
  program_name: string;
  course_id: string | null;
}

/** The programs the learner takes (through a batch or enrolled in through the program), each with its courses; one query. */
export async function loadLearnerPrograms(db: Db, userId: string): Promise<LearnerProgram[]> {
  const result = await db.execute(sql`
    select p.id as program_id, p.name as program_name, pc.course_id
    from programs p left join program_courses pc on pc.program_id = p.id
    where p.id in (
      select b.program_id from batch_members bm join batches b on b.id = bm.batch_id where bm.user_id = ${userId} and b.program_id is not null
      union
      select e.program_id from enrollments e where e.user_id = ${userId} and e.program_id is not null)
    order by p.name, p.id, pc.position`);
  const programs = new Map<string, LearnerProgram>();
  for (const r of (result as unknown as { rows: ProgramRow[] }).rows) {
    let p = programs.get(r.program_id);
    if (!p) programs.set(r.program_id, (p = { programId: r.program_id, name: r.program_name, courseIds: [] }));
    if (r.course_id) p.courseIds.push(r.course_id);
  }
  return [...programs.values()];
}

export interface LearnerCertificates {
  /** Every certificate the learner holds, the ones issued by this call included. */
  all: CertificateRow[];
  /** The certificates this call issued. */
  issued: CertificateRow[];
  enrolled: EnrolledCourseProgress[];
  programs: LearnerProgram[];
}

/**
 * Issues the certificates the learner has earned and does not hold yet, and returns them with every
 * certificate the learner holds. Three queries when nothing is due (two when the caller has the
 * enrolled courses' progress already), one more to issue.
 */
export async function issueEarnedCertificates(
  deps: Pick<Deps, "db" | "siteUrl">,
  user: User,
  now: Date,
  known?: { enrolled?: EnrolledCourseProgress[] },
): Promise<LearnerCertificates> {
  const { db, siteUrl: site } = deps;
  const [enrolled, programs, held] = await Promise.all([
    known?.enrolled ?? loadEnrolledCourseProgress(db, user.id),
    loadLearnerPrograms(db, user.id),
    db.select().from(certificates).where(sql`${certificates.userId} = ${user.id}`),
  ]);
  const heldCourses = new Set(held.filter((c) => c.kind === "course").map((c) => c.courseId));
  const heldPrograms = new Set(held.filter((c) => c.kind === "program").map((c) => c.programId));
  const completed = new Map(enrolled.filter((c) => c.figures.isCompleted).map((c) => [c.courseId, c]));

  const due: (typeof certificates.$inferInsert)[] = [];
  const common = { userId: user.id, companyId: user.companyId, issuerName: DEFAULT_BRANDING.name, recipientName: user.name, issuedAt: now };
  for (const course of completed.values()) {
    if (heldCourses.has(course.courseId)) continue;
    due.push({
      ...common,
      uid: newCertificateUid(),
      kind: "course",
      courseId: course.courseId,
      versionId: course.versionId,
      title: course.courseName,
      videoSeconds: course.totals.videoSeconds,
    });
  }
  for (const program of programs) {
    if (heldPrograms.has(program.programId) || !program.courseIds.length || !program.courseIds.every((id) => completed.has(id))) continue;
    due.push({
      ...common,
      uid: newCertificateUid(),
      kind: "program",
      programId: program.programId,
      title: program.name,
      videoSeconds: program.courseIds.reduce((n, id) => n + completed.get(id)!.totals.videoSeconds, 0),
    });
  }
  if (!due.length) return { all: held, issued: [], enrolled, programs };
  if (user.companyId) {
    const [company] = await db.select({ name: companies.name }).from(companies).where(eq(companies.id, user.companyId));
    for (const c of due) c.issuerName = company?.name ?? DEFAULT_BRANDING.name;
  }
  // A certificate issued meanwhile by another request wins; this one is skipped. Each one issued, and
  // the course completion it marks, is told to the LRS: its xAPI statements are written with it.
  const issued = await db.transaction(async (tx) => {
    const rows = await tx.insert(certificates).values(due).onConflictDoNothing().returning();
    for (const certificate of rows) await recordLearningEvent(tx, site, { kind: "certificate-issued", certificate });
    return rows;
  });
  return { all: [...held, ...issued], issued, enrolled, programs };
}

/**
 * Called where a learner has just completed something (a video, a multiple-choice block, an essay):
 * issues what became due. The learner's action is already saved, so a failure here is logged and
 * never fails it; the next read of the certificates issues what was missed. Returns the enrolled
 * courses' progress it read (for the badges), or nothing when it failed.
 */
export async function issueAfterCompletion(deps: Deps, user: User): Promise<EnrolledCourseProgress[] | undefined> {
  try {
    return (await issueEarnedCertificates(deps, user, deps.now())).enrolled;
  } catch (err) {
    console.error(JSON.stringify({ level: "error", msg: "issuing certificates after a completion failed", userId: user.id, err: String(err) }));
    return undefined;
  }
}
