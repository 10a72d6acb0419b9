import "server-only";
import type { CareerServicesStats } from "@/lib/contract/entities/career-services";
import type { Deps } from "../../deps";
import { forbidden } from "../../errors";
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
  offersNewestFirst,
} from "./career-services-figures";

export const NO_CAREER_SERVICES_MESSAGE = "Career services are not part of your account. Ask your program coordinator to add them.";

/** GET /dashboard/careerServices/statistics: the learner's own figures; refused (403) without career-services access. */
export async function getCareerServicesStatistics(deps: Deps, user: User): Promise<CareerServicesStats> {
  if (!user.hasCareerServicesAccess) throw forbidden(NO_CAREER_SERVICES_MESSAGE, "career_services_required");
  const [mandatory, record] = await Promise.all([loadMandatoryCourses(deps.db, user.id), loadCareerRecord(deps.db, user.id)]);
  const mandatoryDone = allMandatoryCompleted(mandatory);
  const offers = offersNewestFirst(record);
  return {
    csetExamResult: csetExamResult(record),
    csetEligibility: csetEligibility(true, mandatoryDone, record),
    availableMockInterviewCount: mockInterviewsLeft(record),
    availableClientInterview: clientInterviewsLeft(record),
    offersReceived: offers.length,
    totalAttemptsLeft: csetAttemptsLeft(record),
    isAllMandatoryCoursesCompleted: mandatoryDone,
    offers,
  };
}
