import { isCall, type CallDef } from "./call";
import * as achievementsCalls from "./calls/achievements";
import * as careerServicesCalls from "./calls/career-services";
import * as catalogueCalls from "./calls/catalogue";
import * as certificatesCalls from "./calls/certificates";
import * as challengesCalls from "./calls/challenges";
import * as dashboardCalls from "./calls/dashboard";
import * as gradingCalls from "./calls/grading";
import * as learningCalls from "./calls/learning";
import * as learningPathsCalls from "./calls/learning-paths";
import * as meetingsCalls from "./calls/meetings";
import * as notificationsCalls from "./calls/notifications";
import * as shellCalls from "./calls/shell";
import * as signInCalls from "./calls/sign-in";
import * as studioBatchesCalls from "./calls/studio-batches";
import * as studioCompaniesCalls from "./calls/studio-companies";
import * as studioSessionsCalls from "./calls/studio-sessions";
import * as studioContentCalls from "./calls/studio-content";
import * as studioEnrollmentCalls from "./calls/studio-enrollment";
import * as studioJobsCalls from "./calls/studio-jobs";
import * as studioMediaCalls from "./calls/studio-media";
import * as studioGradingCalls from "./calls/studio-grading";
import * as studioPeopleCalls from "./calls/studio-people";
import * as studioProgramsCalls from "./calls/studio-programs";
import * as studioReportsCalls from "./calls/studio-reports";
import * as xapiCalls from "./calls/xapi";
import * as scormCalls from "./calls/scorm";

export * from "./call";
export * from "./common";
export * from "./fields";
export * from "./user";
export * from "./calls/achievements";
export * from "./calls/career-services";
export * from "./calls/catalogue";
export * from "./calls/certificates";
export * from "./calls/challenges";
export * from "./calls/dashboard";
export * from "./calls/grading";
export * from "./calls/learning";
export * from "./calls/learning-paths";
export * from "./calls/meetings";
export * from "./calls/notifications";
export * from "./calls/shell";
export * from "./calls/sign-in";
export * from "./calls/studio-batches";
export * from "./calls/studio-companies";
export * from "./calls/studio-sessions";
export * from "./calls/studio-content";
export * from "./calls/studio-enrollment";
export * from "./calls/studio-jobs";
export * from "./calls/studio-media";
export * from "./calls/studio-grading";
export * from "./calls/studio-people";
export * from "./calls/studio-programs";
export * from "./calls/studio-reports";
export * from "./calls/xapi";
export * from "./calls/scorm";

/** The call modules, one per area of the product. */
export const callModules = {
  "sign-in": signInCalls,
  shell: shellCalls,
  catalogue: catalogueCalls,
  learning: learningCalls,
  challenges: challengesCalls,
  grading: gradingCalls,
  dashboard: dashboardCalls,
  "learning-paths": learningPathsCalls,
  certificates: certificatesCalls,
  achievements: achievementsCalls,
  "career-services": careerServicesCalls,
  meetings: meetingsCalls,
  notifications: notificationsCalls,
  "studio-batches": studioBatchesCalls,
  "studio-companies": studioCompaniesCalls,
  "studio-sessions": studioSessionsCalls,
  "studio-content": studioContentCalls,
  "studio-jobs": studioJobsCalls,
  "studio-media": studioMediaCalls,
  "studio-people": studioPeopleCalls,
  "studio-programs": studioProgramsCalls,
  "studio-grading": studioGradingCalls,
  "studio-enrollment": studioEnrollmentCalls,
  "studio-reports": studioReportsCalls,
  xapi: xapiCalls,
  scorm: scormCalls,
} as const;

/** Every call of the API by its exported name, e.g. `getVideoTree`. */
export const callsByName: Readonly<Record<string, CallDef>> = Object.fromEntries(
  Object.values(callModules).flatMap((group) => Object.entries(group).filter((entry): entry is [string, CallDef] => isCall(entry[1]))),
);

/** Every call of the API. */
export const allCalls: CallDef[] = Object.values(callsByName);
