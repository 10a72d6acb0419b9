import "server-only";
import type { Certificate } from "@/lib/contract/entities/certificates";
import type { Deps } from "../../deps";
import { autoEnrollMember } from "../../domain/enrollment";
import { courseDurationFields } from "../../domain/course-hours";
import { programProgress } from "../../domain/program-progress";
import { loadStillNeeded } from "../../domain/completion";
import type { User } from "../../domain/user";
import { issuedCertificate } from "./certificate-records";
import { issueEarnedCertificates } from "./issue-certificates";

/**
 * GET /course/getCertificates: the learner's own certificates. Certificates due are issued first, so
 * the list never lags behind the learner's progress. Then: every issued certificate, newest first
 * (revoked ones too, marked), followed by the enrolled courses and the programs whose certificate is
 * still to earn, with their progress and, for a course, what it still needs. Six queries whatever the number of courses.
 */
export async function listCertificates(deps: Deps, user: User): Promise<Certificate[]> {
  await autoEnrollMember(deps.db, user.id);
  const { all, enrolled, programs } = await issueEarnedCertificates(deps, user, deps.now());
  const issued = [...all].sort((a, b) => b.issuedAt.getTime() - a.issuedAt.getTime() || a.title.localeCompare(b.title));
  const heldCourses = new Set(all.filter((c) => c.kind === "course").map((c) => c.courseId));
  const heldPrograms = new Set(all.filter((c) => c.kind === "program").map((c) => c.programId));
  const completed = new Set(enrolled.filter((c) => c.figures.isCompleted).map((c) => c.courseId));
  const seconds = new Map(enrolled.map((c) => [c.courseId, c.totals.videoSeconds]));
  // What each course still to earn needs, by the completion rule: one query for them all.
  const toEarn = enrolled.filter((c) => !heldCourses.has(c.courseId));
  const needed = await loadStillNeeded(deps.db, user.id, [...new Set(toEarn.filter((c) => !c.figures.isCompleted).map((c) => c.versionId))]);

  const coursesToEarn: Certificate[] = toEarn.map((c) => ({
      certificateUID: null,
      userName: user.name,
      courseId: c.courseId,
      courseName: c.courseName,
      ...courseDurationFields(c.totals.videoSeconds),
      isCourseCompleted: c.figures.isCompleted,
      isMasterCertificate: false,
      url: null,
      issuedDate: null,
      shareType: "course",
      isRevoked: false,
      progressInPercentage: c.figures.percent,
      stillNeeded: needed.get(c.versionId) ?? [],
    }));
  const programsToEarn: Certificate[] = programs
    .filter((p) => !heldPrograms.has(p.programId) && p.courseIds.length)
    .map((p) => ({
      certificateUID: null,
      userName: user.name,
      courseId: p.programId,
      courseName: p.name,
      ...courseDurationFields(p.courseIds.reduce((n, id) => n + (seconds.get(id) ?? 0), 0)),
      isCourseCompleted: false,
      isMasterCertificate: true,
      url: null,
      issuedDate: null,
      shareType: "program",
      isRevoked: false,
      progressInPercentage: programProgress(p.courseIds, completed).progressInPercentage,
    }));
  return [...issued.map((c) => issuedCertificate(c, deps.siteUrl)), ...coursesToEarn, ...programsToEarn];
}
