import { z } from "zod";
import { defineCall } from "../call";
import { idOf } from "../fields";

// A learner playing a SCORM item (docs/scorm-xapi.md, "Runtime"): opening it gives the launch address
// and the CMI data saved so far; the learning page commits what the package sets, idempotently.

/** The most characters one CMI value may hold (SCORM 2004's suspend_data is at most 64000). */
export const SCORM_CMI_VALUE_MAX = 64_000;
/** The most CMI elements one commit may carry. */
export const SCORM_CMI_ELEMENTS_MAX = 2_000;

export const scormCompletionStatuses = ["not attempted", "unknown", "incomplete", "completed"] as const;
export const scormSuccessStatuses = ["unknown", "passed", "failed"] as const;

const cmiValues = z
  .record(
    z.string().min(1).max(255, "a CMI element's name is at most 255 characters").regex(/^(cmi|adl)\.[A-Za-z0-9_.]+$/, "a CMI element's name starts with cmi. or adl."),
    z.string().max(SCORM_CMI_VALUE_MAX, `a CMI value is at most ${SCORM_CMI_VALUE_MAX} characters`),
  )
  .refine((r) => Object.keys(r).length <= SCORM_CMI_ELEMENTS_MAX, { message: `at most ${SCORM_CMI_ELEMENTS_MAX} CMI elements` })
  .describe('The CMI data model values as the package set them, by element ("cmi.core.lesson_status": "passed", "cmi.suspend_data": "...")');

export const scormAttempt = z
  .object({
    itemId: z.string(),
    title: z.string().describe("The item's title"),
    version: z.enum(["1.2", "2004-3rd", "2004-4th"]).describe("The package's SCORM version: which API object (API or API_1484_11) it looks for"),
    cmi: z.record(z.string(), z.string()).describe("Every CMI value saved so far, to start the package with (empty on a first play)"),
    lessonLocation: z.string().describe("Where the learner left off (cmi.core.lesson_location / cmi.location)"),
    suspendData: z.string().describe("The package's saved state (cmi.suspend_data)"),
    completionStatus: z.enum(scormCompletionStatuses),
    successStatus: z.enum(scormSuccessStatuses),
    scorePercent: z.number().nullable().describe("The score in percent (score.scaled, or score.raw over its range); null when none was reported"),
    passMark: z.number().nullable().describe("The percent the learner needs: the author's pass mark, else the package's mastery score; null when the package's own status decides"),
    totalSeconds: z.number().describe("Time spent in the item, every session once"),
    sequence: z.number().int().describe("The newest commit applied; a commit must carry a higher one to change anything"),
    isCompleted: z.boolean().describe("Whether the item counts as complete for the course (docs/completion.md)"),
  })
  .meta({ id: "ScormAttempt" });

export const openScormItem = defineCall({
  method: "POST",
  group: "",
  path: "/scorm/item/open",
  summary:
    "Opens a SCORM item for the learner (enrolled in its course; authors and administrators too): a launch address valid for 12 hours, a session id for the commits of this play, and the CMI data saved so far, so the package resumes where the learner left off.",
  access: "learner",
  errors: ["not_found", "forbidden"],
  body: z.object({ itemId: idOf("itemId") }),
  response: z.object({
    launchUrl: z.string().describe("The package's launch file, under /api/scorm/launch/{token}/ (or SCORM_CONTENT_ORIGIN)"),
    sessionId: z.string().describe("This play's session id: its commits carry it, and its session time counts once"),
    attempt: scormAttempt,
  }),
});

export const commitScormItem = defineCall({
  method: "POST",
  group: "",
  path: "/scorm/item/commit",
  summary:
    "Saves what a SCORM package set (LMSCommit / Commit, and at LMSFinish / Terminate). Idempotent: the Idempotency-Key is the commit's id, and a commit whose sequence is not above the last one applied changes nothing (a resend, or an older commit arriving late). The session's time replaces that session's earlier figure, so it counts once. Answers the attempt as saved.",
  access: "learner",
  idempotent: true,
  errors: ["not_found", "forbidden"],
  body: z.object({
    itemId: idOf("itemId"),
    sessionId: idOf("sessionId").describe("The session id openScormItem gave"),
    sequence: z.number({ error: "sequence must be a number" }).int("sequence must be an integer").min(1, "sequence must be at least 1").max(Number.MAX_SAFE_INTEGER).describe("Increases with every commit of the learner's plays (the page makes it from its clock and a counter)"),
    cmi: cmiValues,
    sessionSeconds: z.number().min(0).max(366 * 86_400).describe("This session's time so far (cmi.core.session_time / cmi.session_time), in seconds"),
  }),
  response: z.object({ applied: z.boolean().describe("false: an older or repeated commit, which changed nothing"), attempt: scormAttempt }),
});
