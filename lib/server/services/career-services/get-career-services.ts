import "server-only";
import type { CareerServiceLock } from "@/lib/contract/entities/career-services";
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

/** The services, with their English names and descriptions (the page words them in its language). */
export const CAREER_SERVICES = {
  cset: {
    title: "Career-services eligibility test",
    description: "A timed test of the skills your program teaches. Passing it puts you forward to hiring companies.",
  },
  "mock-interviews": {
    title: "Mock interviews",
    description: "One-to-one practice interviews with engineers from industry, with written feedback.",
  },
  "client-interviews": {
    title: "Client interviews",
    description: "Interviews with companies hiring for the roles your program prepares you for.",
  },
} as const;

/** The API's English sentence for why a service is locked; `done` and `total` count the mandatory courses. */
export function careerLockSentence(lock: CareerServiceLock, { done, total }: { done: number; total: number }): string {
  switch (lock) {
    case "noAccess":
      return NO_CAREER_SERVICES_MESSAGE;
    case "noProgram":
      return "Enroll in a program: the test opens once its mandatory courses are completed.";
    case "mandatoryPending":
      return `Complete your mandatory courses first (${done} of ${total} done).`;
    case "testPassed":
      return "You have passed the eligibility test.";
    case "attemptsUsed":
      return "You have used every attempt at the eligibility test.";
    case "noMockLeft":
      return "No mock interviews left: ask your program coordinator for more.";
    case "testNotPassed":
      return "Pass the eligibility test to be put forward to hiring companies.";
    case "noClientInterviews":
      return "No client interviews are lined up for you right now.";
  }
}

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

  const csetLock: CareerServiceLock | null = !hasAccess
    ? "noAccess"
    : !mandatory.length
      ? "noProgram"
      : !mandatoryDone
        ? "mandatoryPending"
        : result === "pass"
          ? "testPassed"
          : csetAttemptsLeft(record) === 0
            ? "attemptsUsed"
            : null;
  const mockLock: CareerServiceLock | null = !hasAccess ? "noAccess" : mockInterviewsLeft(record) === 0 ? "noMockLeft" : null;
  const clientLock: CareerServiceLock | null = !hasAccess
    ? "noAccess"
    : result !== "pass"
      ? "testNotPassed"
      : clientInterviewsLeft(record) === 0
        ? "noClientInterviews"
        : null;
  const figures = { done, total: mandatory.length };
  const service = (id: keyof typeof CAREER_SERVICES, lock: CareerServiceLock | null, isAvailable: boolean) => ({
    id,
    ...CAREER_SERVICES[id],
    isAvailable,
    lockedReason: lock && careerLockSentence(lock, figures),
    lockedCode: lock,
  });

  return {
    hasCareerServicesAccess: hasAccess,
    services: [
      service("cset", csetLock, csetEligibility(hasAccess, mandatoryDone, record)),
      service("mock-interviews", mockLock, mockLock === null),
      service("client-interviews", clientLock, clientLock === null),
    ],
    mandatoryCourses: mandatory,
  };
}
