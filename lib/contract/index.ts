import type { CallDef } from "./call";
import * as authCalls from "./calls/auth";
import * as courseCalls from "./calls/course";
import * as dashboardCalls from "./calls/dashboard";
import * as groupMeetingCalls from "./calls/group-meeting";
import * as logCalls from "./calls/log";
import * as nodeCalls from "./calls/node";
import * as userCalls from "./calls/user";

export * from "./call";
export * from "./common";
export * from "./user";
export * from "./entities";
export * from "./calls/auth";
export * from "./calls/user";
export * from "./calls/course";
export * from "./calls/dashboard";
export * from "./calls/group-meeting";
export * from "./calls/node";
export * from "./calls/log";

const isCall = (value: unknown): value is CallDef =>
  typeof value === "object" &&
  value !== null &&
  "method" in value &&
  "group" in value &&
  "path" in value &&
  "response" in value;

/** Every call of the API by its exported name, e.g. `getVideoTree`. */
export const callsByName: Readonly<Record<string, CallDef>> = Object.fromEntries(
  [authCalls, userCalls, courseCalls, dashboardCalls, groupMeetingCalls, nodeCalls, logCalls].flatMap((group) =>
    Object.entries(group).filter((entry): entry is [string, CallDef] => isCall(entry[1])),
  ),
);

/** Every call of the API. */
export const allCalls: CallDef[] = Object.values(callsByName);
