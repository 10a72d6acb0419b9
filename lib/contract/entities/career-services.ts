import { z } from "zod";
import { isoDate } from "../common";
import { count } from "./shared";

// Career services and the learner's figures there.
//
// Entities of spec section 3 (the user profile lives in ../user). Ids are strings, dates ISO 8601
// strings. Schemas with an `id` in their metadata become named components of the API description.

export const csetExamResult = z.enum(["pass", "fail", "yetToStart"]).describe("Result of the career-services eligibility test");

export const careerServicesStats = z
  .object({
    csetExamResult: csetExamResult,
    csetEligibility: z
      .boolean()
      .describe("true when the learner may take the eligibility test: every mandatory course completed, not passed yet, attempts left"),
    availableMockInterviewCount: count,
    availableClientInterview: count,
    offersReceived: count,
    totalAttemptsLeft: count.describe("Eligibility test attempts left"),
    isAllMandatoryCoursesCompleted: z
      .boolean()
      .describe("true when the learner has completed every mandatory course of their programs; false when they take no program"),
    offers: z
      .array(
        z.object({
          company: z.string(),
          role: z.string(),
          receivedAt: isoDate,
        }),
      )
      .optional()
      .describe("The offers behind offersReceived, newest first"),
  })
  .describe("The learner's career-services figures")
  .meta({ id: "CareerServicesStats" });
export type CareerServicesStats = z.infer<typeof careerServicesStats>;

/** Why a career service is not open to the learner now; the page words it in its language. */
export const careerServiceLock = z
  .enum(["noAccess", "noProgram", "mandatoryPending", "testPassed", "attemptsUsed", "noMockLeft", "testNotPassed", "noClientInterviews"])
  .describe(
    "Why the service is locked: noAccess (career services are not on the account), noProgram (no program with mandatory courses), mandatoryPending (mandatory courses left), testPassed, attemptsUsed (the eligibility test's), noMockLeft, testNotPassed (client interviews wait for a pass), noClientInterviews",
  );
export type CareerServiceLock = z.infer<typeof careerServiceLock>;

export const careerService = z
  .object({
    id: z.string().describe("cset (the eligibility test), mock-interviews or client-interviews"),
    title: z.string().describe("The service's name, in English"),
    description: z.string().describe("What the service is, in English"),
    isAvailable: z.boolean().describe("true when the learner can use the service now"),
    lockedReason: z.string().nullable().describe("Why the service is not available yet, in English; null when it is"),
    lockedCode: careerServiceLock.nullable().describe("lockedReason as a code; null when the service is available"),
  })
  .describe("One career service, such as mock interviews or client interviews");
