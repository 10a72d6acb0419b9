import "server-only";
import type { Deps } from "../../deps";
import type { User } from "../../domain/user";
import {
  allMandatoryCompleted,
  clientInterviewsLeft,
  csetAttemptsLeft,
  csetEligibility,
  csetExamResult,
  loadCareerRecord,
  loadMandatoryCourses,
  mockInterviewsLeft,
} from "./career-services-figures";
import { NO_CAREER_SERVICES_MESSAGE } from "./get-career-services-statistics";

/**
 * GET /dashboard/careerServices: what career services offer and whether each is open to the learner
 * now, with the mandatory courses that open the eligibility test. Answered to every learner: one
 * without access sees the services locked, with how to get them.
 */
export async function getCareerServices(deps: Deps, user: User) {
  const hasAccess = user.hasCareerServicesAccess;
  const [mandatory, record] = await Promise.all([loadMandatoryCourses(deps.db, user.id), loadCareerRecord(deps.db, user.id)]);
  const mandatoryDone = allMandatoryCompleted(mandatory);
  const result = csetExamResult(record);
  const done = mandatory.filter((c) => c.isCompleted).length;

  const csetLock = !hasAccess
    ? NO_CAREER_SERVICES_MESSAGE
    : !mandatory.length
      ? "Enroll in a program: the test opens once its mandatory courses are completed."
      : !mandatoryDone
        ? `Complete your mandatory courses first (${done} of ${mandatory.length} done).`
        : result === "pass"
          ? "You have passed the eligibility test."
          : csetAttemptsLeft(record) === 0
            ? "You have used every attempt at the eligibility test."
            : null;
  const mockLock = !hasAccess ? NO_CAREER_SERVICES_MESSAGE : mockInterviewsLeft(record) === 0 ? "No mock interviews left: ask your program coordinator for more." : null;
  const clientLock = !hasAccess
    ? NO_CAREER_SERVICES_MESSAGE
    : result !== "pass"
      ? "Pass the eligibility test to be put forward to hiring companies."
      : clientInterviewsLeft(record) === 0
        ? "No client interviews are lined up for you right now."
        : null;

  return {
    hasCareerServicesAccess: hasAccess,
    services: [
      {
        id: "cset",
        title: "Career-services eligibility test",
        description: "A timed test of the skills your program teaches. Passing it puts you forward to hiring companies.",
        isAvailable: csetEligibility(hasAccess, mandatoryDone, record),
        lockedReason: csetLock,
      },
      {
        id: "mock-interviews",
        title: "Mock interviews",
        description: "One-to-one practice interviews with engineers from industry, with written feedback.",
        isAvailable: mockLock === null,
        lockedReason: mockLock,
      },
      {
        id: "client-interviews",
        title: "Client interviews",
        description: "Interviews with companies hiring for the roles your program prepares you for.",
        isAvailable: clientLock === null,
        lockedReason: clientLock,
      },
    ],
    mandatoryCourses: mandatory,
  };
}
