import { z } from "zod";
import { defineCall } from "../call";

// xAPI statements of learning events, as administrators see and export them (docs/scorm-xapi.md).

export const xapiStatementStates = ["pending", "sent", "failed"] as const;

const statementState = z
  .enum(xapiStatementStates, { error: `state must be one of ${xapiStatementStates.join(", ")}` })
  .describe("pending: waiting for the LRS (or for one to be configured); sent: the LRS stored it; failed: the LRS refused it (4xx), kept with its answer");

/** The most statements one export carries. */
export const XAPI_EXPORT_MAX = 20_000;
/** The longest date range one export covers, in days. */
export const XAPI_EXPORT_MAX_DAYS = 366;

const day = (name: string) =>
  z.iso.date({ error: `${name} must be a date as YYYY-MM-DD` }).describe(`${name === "from" ? "First" : "Last"} day of the range (UTC), included`);

/** A statement as xAPI 1.0.3 writes it: the object sent to the LRS, unchanged. */
export const xapiStatement = z
  .object({
    id: z.string().describe("The statement's id: a UUID made from the event, the same on every try"),
    actor: z.object({ objectType: z.literal("Agent"), name: z.string(), account: z.object({ homePage: z.string(), name: z.string() }) }),
    verb: z.object({ id: z.string(), display: z.record(z.string(), z.string()) }),
    object: z.object({
      objectType: z.literal("Activity"),
      id: z.string(),
      definition: z.object({ type: z.string().optional(), name: z.record(z.string(), z.string()), interactionType: z.string().optional() }),
    }),
    result: z
      .object({
        score: z.object({ raw: z.number(), min: z.number(), max: z.number(), scaled: z.number() }).optional(),
        success: z.boolean().optional(),
        completion: z.boolean().optional(),
      })
      .optional(),
    context: z.object({ platform: z.string(), language: z.string(), contextActivities: z.object({ parent: z.array(z.unknown()) }).optional() }),
    timestamp: z.string().describe("When the event happened (ISO 8601)"),
  })
  .meta({ id: "XapiStatement" });

export const xapiStatementRow = z
  .object({
    id: z.string().describe("The statement's id"),
    occurredAt: z.string().describe("When the event happened (ISO 8601)"),
    verb: z.string().describe("The verb's short name: completed, passed, failed, answered, scored, earned"),
    learner: z.object({ id: z.string(), name: z.string(), email: z.string() }),
    object: z.string().describe("What the learner acted on, by name"),
    state: statementState,
    tries: z.number().int().describe("Tries made to send it"),
    lastAnswer: z
      .object({ status: z.number().int().nullable(), body: z.string() })
      .nullable()
      .describe("The LRS's answer to the last try that did not store it (status null: the LRS could not be reached)"),
    sentAt: z.string().nullable().describe("When the LRS stored it (ISO 8601)"),
  })
  .meta({ id: "XapiStatementRow" });

export const listXapiStatements = defineCall({
  method: "GET",
  group: "",
  path: "/studio/xapi/statements",
  summary:
    "The xAPI statements of learning events, newest first, with each one's delivery to the LRS (state, tries, the LRS's last answer), and the LRS they go to. A page ends at `limit`; the next is asked for with `before` set to the last statement's occurredAt. For administrators only.",
  access: "admin",
  query: z.object({
    state: statementState.optional(),
    limit: z.coerce
      .number({ error: "limit must be a number" })
      .int("limit must be an integer")
      .min(1, "limit must be at least 1")
      .max(200, "limit is at most 200")
      .default(50)
      .describe("Most statements to return"),
    before: z.iso
      .datetime({ offset: true, error: "before must be an ISO 8601 date and time" })
      .optional()
      .describe("Only statements of events before this time: the occurredAt of the last statement of the previous page"),
  }),
  response: z.object({
    lrs: z.object({ endpoint: z.string().nullable().describe("The LRS's xAPI address (XAPI_LRS_ENDPOINT), or null when none is configured") }),
    statements: z.array(xapiStatementRow),
  }),
});

export const exportXapiStatements = defineCall({
  method: "GET",
  group: "",
  path: "/studio/xapi/statements/export",
  summary: `The xAPI 1.0.3 statements of the events of a date range (UTC days, both included), oldest first, as JSON: whatever their delivery to the LRS. At most ${XAPI_EXPORT_MAX} statements and ${XAPI_EXPORT_MAX_DAYS} days at a time (413 export_too_large names the count). For administrators only.`,
  access: "admin",
  query: z
    .object({ from: day("from"), to: day("to") })
    .refine((q) => q.from <= q.to, { message: "to must be on or after from", path: ["to"] })
    .refine((q) => (Date.parse(q.to) - Date.parse(q.from)) / 86_400_000 < XAPI_EXPORT_MAX_DAYS, {
      message: `the range is at most ${XAPI_EXPORT_MAX_DAYS} days: export a longer period in parts`,
      path: ["to"],
    }),
  response: z.object({
    from: z.string().describe("First day of the range"),
    to: z.string().describe("Last day of the range"),
    statements: z.array(xapiStatement),
  }),
  errors: ["export_too_large"],
});
