import "server-only";
import { and, eq, sql } from "drizzle-orm";
import type { Db } from "../../db/client";
import { scormAttempts, scormItems, scormPackages } from "../../db/schema";
import { scormAttemptPassed } from "../../domain/completion";

/** What SCORM 1.2 and SCORM 2004 say about a learner's results, read from the CMI values the package set. */
export interface CmiResults {
  lessonLocation: string;
  suspendData: string;
  completionStatus: "not attempted" | "unknown" | "incomplete" | "completed";
  successStatus: "unknown" | "passed" | "failed";
  /** The score as a share 0..1; null when the package reported none. */
  scoreScaled: number | null;
}

const num = (v: string | undefined) => (v === undefined || v.trim() === "" || !Number.isFinite(Number(v)) ? null : Number(v));
const clamp01 = (n: number) => Math.min(1, Math.max(0, n));

/** The scaled score of raw, min and max (SCORM 1.2's range is 0..100 when the package leaves min and max out). */
function scaledOf(raw: number | null, min: number | null, max: number | null): number | null {
  if (raw === null) return null;
  const lo = min ?? 0;
  const hi = max ?? 100;
  return hi > lo ? clamp01((raw - lo) / (hi - lo)) : null;
}

/**
 * The results in the CMI data: SCORM 1.2's cmi.core.lesson_status (passed and failed are completed
 * with that success; browsed is incomplete) and cmi.core.score.raw over its range; SCORM 2004's
 * cmi.completion_status, cmi.success_status and cmi.score.scaled (else raw over its range).
 */
export function cmiResults(version: "1.2" | "2004-3rd" | "2004-4th", cmi: Record<string, string>): CmiResults {
  if (version === "1.2") {
    const status = (cmi["cmi.core.lesson_status"] ?? "not attempted").trim().toLowerCase();
    return {
      lessonLocation: cmi["cmi.core.lesson_location"] ?? "",
      suspendData: cmi["cmi.suspend_data"] ?? "",
      completionStatus: status === "passed" || status === "failed" || status === "completed" ? "completed" : status === "incomplete" || status === "browsed" ? "incomplete" : "not attempted",
      successStatus: status === "passed" ? "passed" : status === "failed" ? "failed" : "unknown",
      scoreScaled: scaledOf(num(cmi["cmi.core.score.raw"]), num(cmi["cmi.core.score.min"]), num(cmi["cmi.core.score.max"])),
    };
  }
  const completion = (cmi["cmi.completion_status"] ?? "unknown").trim().toLowerCase();
  const success = (cmi["cmi.success_status"] ?? "unknown").trim().toLowerCase();
  const scaled = num(cmi["cmi.score.scaled"]);
  return {
    lessonLocation: cmi["cmi.location"] ?? "",
    suspendData: cmi["cmi.suspend_data"] ?? "",
    completionStatus: completion === "completed" || completion === "incomplete" || completion === "not attempted" ? completion : "unknown",
    successStatus: success === "passed" || success === "failed" ? success : "unknown",
    scoreScaled: scaled !== null ? clamp01(scaled) : scaledOf(num(cmi["cmi.score.raw"]), num(cmi["cmi.score.min"]), num(cmi["cmi.score.max"])),
  };
}

const pad = (n: number, width = 2) => String(n).padStart(width, "0");

/** Seconds as SCORM 1.2's CMITimespan (HHHH:MM:SS.SS) and SCORM 2004's ISO 8601 duration. */
export function scormTime(version: "1.2" | "2004-3rd" | "2004-4th", seconds: number): string {
  const s = Math.max(0, Math.round(seconds * 100) / 100);
  const h = Math.floor(s / 3600);
  const m = Math.floor((s % 3600) / 60);
  const sec = Math.round((s % 60) * 100) / 100;
  if (version === "1.2") return `${pad(h, 4)}:${pad(m)}:${sec.toFixed(2).padStart(5, "0")}`;
  return `PT${h}H${m}M${sec}S`;
}

/**
 * The CMI data a play starts with: what was saved, and the read-only elements the LMS gives (the
 * learner's id and name, whether this is a resumption, the total time so far, the mastery score).
 */
export function launchCmi(
  attempt: { version: "1.2" | "2004-3rd" | "2004-4th"; cmi: Record<string, string>; suspendData: string; totalSeconds: number; passMark: number | null },
  learner: { id: string; name: string },
): Record<string, string> {
  const resumes = attempt.suspendData !== "" || Object.keys(attempt.cmi).length > 0;
  const saved = Object.fromEntries(Object.entries(attempt.cmi).filter(([k]) => !/session_time$|\.exit$|\.entry$|total_time$/.test(k)));
  if (attempt.version === "1.2") {
    return {
      ...saved,
      "cmi.core.student_id": learner.id,
      "cmi.core.student_name": learner.name,
      "cmi.core.entry": resumes ? "resume" : "ab-initio",
      "cmi.core.total_time": scormTime("1.2", attempt.totalSeconds),
      ...(attempt.passMark === null ? {} : { "cmi.student_data.mastery_score": String(attempt.passMark) }),
    };
  }
  return {
    ...saved,
    "cmi.learner_id": learner.id,
    "cmi.learner_name": learner.name,
    "cmi.entry": resumes ? "resume" : "ab-initio",
    "cmi.total_time": scormTime(attempt.version, attempt.totalSeconds),
    ...(attempt.passMark === null ? {} : { "cmi.scaled_passing_score": String(attempt.passMark / 100) }),
  };
}

/** A learner's attempt at a SCORM item as the API answers it (contract ScormAttempt); an empty one before the first commit. */
export async function loadScormAttempt(db: Db, userId: string, itemId: string) {
  const [row] = await db
    .select({
      title: scormItems.title,
      version: scormPackages.version,
      passMark: sql<number | null>`coalesce(${scormItems.passMark}::real, ${scormPackages.masteryPercent})`,
      cmi: scormAttempts.cmi,
      lessonLocation: scormAttempts.lessonLocation,
      suspendData: scormAttempts.suspendData,
      completionStatus: scormAttempts.completionStatus,
      successStatus: scormAttempts.successStatus,
      scoreScaled: scormAttempts.scoreScaled,
      totalSeconds: scormAttempts.totalSeconds,
      sequence: scormAttempts.sequence,
      isCompleted: sql<boolean | null>`${scormAttemptPassed}`,
    })
    .from(scormItems)
    .innerJoin(scormPackages, eq(scormPackages.id, scormItems.packageId))
    .leftJoin(scormAttempts, and(eq(scormAttempts.itemId, scormItems.id), eq(scormAttempts.userId, userId)))
    .where(eq(scormItems.id, itemId));
  if (!row) return undefined;
  return {
    itemId,
    title: row.title,
    version: row.version,
    cmi: row.cmi ?? {},
    lessonLocation: row.lessonLocation ?? "",
    suspendData: row.suspendData ?? "",
    completionStatus: (row.completionStatus ?? "not attempted") as CmiResults["completionStatus"],
    successStatus: (row.successStatus ?? "unknown") as CmiResults["successStatus"],
    scorePercent: row.scoreScaled === null ? null : Math.round(row.scoreScaled * 10_000) / 100,
    passMark: row.passMark === null ? null : Number(row.passMark),
    totalSeconds: Number(row.totalSeconds ?? 0),
    sequence: Number(row.sequence ?? 0),
    isCompleted: row.isCompleted === true,
  };
}
