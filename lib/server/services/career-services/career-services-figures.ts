import "server-only";
import { eq, sql } from "drizzle-orm";
import type { CareerServicesStats } from "@/lib/contract/entities/career-services";
import type { Db } from "../../db/client";
import { careerServiceRecords } from "../../db/schema";
import { loadEnrolledCourseProgress } from "../../domain/completion";

/*
 * The career-services figures, each defined once, here. Exam results, interviews and offers come
 * from the operator's import (career-services.yaml, see docs/career-services.md); whether the
 * mandatory courses are completed comes from the one completion model (domain/completion.ts).
 */

/** Attempts at the eligibility test a learner has when the operator's file does not say otherwise. */
export const CSET_DEFAULT_ATTEMPTS = 3;

export type CareerRecord = typeof careerServiceRecords.$inferSelect;

export interface MandatoryCourse {
  courseId: string;
  courseName: string;
  slugId: string;
  courseType: "mandatory";
  order: number;
  courseProgressInPercentage: number;
  isCompleted: boolean;
}

interface MandatoryRow {
  course_id: string;
  course_name: string;
  slug_id: string;
}

/**
 * The learner's mandatory courses: the courses marked mandatory in the programs they take (through
 * one of their batches, or enrolled in through the program), in program order, each once. A course
 * is completed when every video and challenge of the enrolled version is (completion.ts); a course
 * the learner is not enrolled in is not completed.
 */
export async function loadMandatoryCourses(db: Db, userId: string): Promise<MandatoryCourse[]> {
  const [result, enrolled] = await Promise.all([
    db.execute(sql`
      select c.id as course_id, c.name as course_name, c.slug_id
      from program_courses pc
      join programs p on p.id = pc.program_id
      join courses c on c.id = pc.course_id
      where pc.course_type = 'mandatory' and p.id in (
        select b.program_id from batch_members bm join batches b on b.id = bm.batch_id where bm.user_id = ${userId} and b.program_id is not null
        union
        select e.program_id from enrollments e where e.user_id = ${userId} and e.program_id is not null)
      order by p.name, p.id, pc.position`),
    loadEnrolledCourseProgress(db, userId),
  ]);
  const progress = new Map(enrolled.map((c) => [c.courseId, c.figures]));
  const seen = new Set<string>();
  const out: MandatoryCourse[] = [];
  for (const r of (result as unknown as { rows: MandatoryRow[] }).rows) {
    if (seen.has(r.course_id)) continue;
    seen.add(r.course_id);
    const figures = progress.get(r.course_id);
    out.push({
      courseId: r.course_id,
      courseName: r.course_name,
      slugId: r.slug_id,
      courseType: "mandatory",
      order: out.length,
      courseProgressInPercentage: figures?.percent ?? 0,
      isCompleted: figures?.isCompleted ?? false,
    });
  }
  return out;
}

/** The operator's record of a learner, or what a learner without one has: every attempt left, nothing granted. */
export async function loadCareerRecord(db: Db, userId: string): Promise<Omit<CareerRecord, "updatedAt">> {
  const [row] = await db.select().from(careerServiceRecords).where(eq(careerServiceRecords.userId, userId));
  return (
    row ?? {
      userId,
      csetAttemptsAllowed: CSET_DEFAULT_ATTEMPTS,
      csetAttempts: [],
      mockInterviewsGranted: 0,
      mockInterviewsUsed: 0,
      clientInterviewsGranted: 0,
      clientInterviewsUsed: 0,
      offers: [],
    }
  );
}

/** All mandatory courses completed: the learner takes a program with mandatory courses, and has completed every one. */
export const allMandatoryCompleted = (courses: MandatoryCourse[]) => courses.length > 0 && courses.every((c) => c.isCompleted);

/** The eligibility test's result: pass once any attempt passed, fail when attempts were taken and none passed, else yetToStart. */
export function csetExamResult(record: Pick<CareerRecord, "csetAttempts">): CareerServicesStats["csetExamResult"] {
  if (record.csetAttempts.some((a) => a.result === "pass")) return "pass";
  return record.csetAttempts.length ? "fail" : "yetToStart";
}

/** Attempts left: those the operator allows minus those taken, never below 0. */
export const csetAttemptsLeft = (record: Pick<CareerRecord, "csetAttemptsAllowed" | "csetAttempts">) =>
  Math.max(0, record.csetAttemptsAllowed - record.csetAttempts.length);

/** May take the eligibility test: has access, every mandatory course completed, not passed yet, an attempt left. */
export const csetEligibility = (hasAccess: boolean, mandatoryDone: boolean, record: Pick<CareerRecord, "csetAttemptsAllowed" | "csetAttempts">) =>
  hasAccess && mandatoryDone && csetExamResult(record) !== "pass" && csetAttemptsLeft(record) > 0;

/** Mock interviews left: granted by the operator minus used. */
export const mockInterviewsLeft = (record: Pick<CareerRecord, "mockInterviewsGranted" | "mockInterviewsUsed">) =>
  Math.max(0, record.mockInterviewsGranted - record.mockInterviewsUsed);

/** Client interviews available: granted minus used, and only once the eligibility test is passed (0 before). */
export const clientInterviewsLeft = (record: Pick<CareerRecord, "clientInterviewsGranted" | "clientInterviewsUsed" | "csetAttempts">) =>
  csetExamResult(record) === "pass" ? Math.max(0, record.clientInterviewsGranted - record.clientInterviewsUsed) : 0;

/** Offers received: the offers the operator recorded, newest first. */
export const offersNewestFirst = (record: Pick<CareerRecord, "offers">) =>
  [...record.offers].sort((a, b) => Date.parse(b.receivedAt) - Date.parse(a.receivedAt));
