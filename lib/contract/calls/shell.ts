import { z } from "zod";
import { defineCall } from "../call";
import { successBody } from "../common";
import { LOG_BATCH_MAX, LOG_CONTEXT_MAX, LOG_MESSAGE_MAX } from "../log-limits";

export { LOG_BATCH_MAX, LOG_CONTEXT_MAX, LOG_MESSAGE_MAX } from "../log-limits";

// The shell around every page: usage events and browser log records.

const campaign = z
  .object({
    utmSource: z.string().max(500),
    utmSourceMedium: z.string().max(500),
    utmSourceContent: z.string().max(500),
    utmSourceSet: z.string().max(500),
    utmSourceCampaign: z.string().max(500),
    utmNetwork: z.string().max(500),
    utmDevice: z.string().max(500),
    utmKeyword: z.string().max(500),
    googleClickId: z.string().max(500),
    facebookClickId: z.string().max(500),
  })
  .partial()
  .describe("Campaign data taken from the campaign cookies");

export const recordUserEvent = defineCall({
  method: "POST",
  group: "/user",
  path: "/events",
  summary: "Records a product-analytics event for the signed-in user.",
  access: "learner",
  idempotent: true,
  body: z.object({
    eventName: z.string({ error: "eventName must be a string" }).trim().min(1, "eventName is required").max(100, "eventName is at most 100 characters"),
    event: z
      .record(z.string(), z.unknown())
      .default({})
      .refine((v) => JSON.stringify(v).length <= 8_000, "event is at most 8000 characters of JSON")
      .describe("Free-form properties of the event"),
    campaign: campaign.optional(),
  }),
  response: successBody,
});


export const logLevel = z.enum(["info", "warn", "error"]).describe("200-299 API answers are info, 400-599 error");
export const logSource = z
  .enum(["console", "window", "promise", "react", "api", "app"])
  .describe("console.error, a window error, an unhandled promise rejection, a React render error, an API answer, or the app itself");

export const logRecord = z
  .object({
    level: logLevel,
    source: logSource,
    message: z.string({ error: "message must be a string" }).max(LOG_MESSAGE_MAX, `message is at most ${LOG_MESSAGE_MAX} characters`),
    time: z.iso.datetime({ offset: true, error: "time must be an ISO 8601 date and time" }).describe("When the browser made the record"),
    page: z.string().max(LOG_MESSAGE_MAX, `page is at most ${LOG_MESSAGE_MAX} characters`).optional().describe("The page's address, without its fragment"),
    context: z
      .record(z.string(), z.unknown())
      .optional()
      .refine((v) => v === undefined || JSON.stringify(v).length <= LOG_CONTEXT_MAX, `context is at most ${LOG_CONTEXT_MAX} characters of JSON`)
      .describe("Details: an API call's method, path, status and duration; an error's stack"),
  })
  .meta({ id: "LogRecord" });
export type LogRecord = z.infer<typeof logRecord>;

export const recordClientLog = defineCall({
  method: "POST",
  group: "",
  path: "/log",
  summary:
    "Browser log records, written to the server's structured log when no external log service is configured. Open to visitors, limited per IP address and in size; tokens and answers are never sent.",
  access: "anonymous",
  errors: ["too_many_requests"],
  body: z.object({
    records: z
      .array(logRecord)
      .min(1, "records must hold at least one record")
      .max(LOG_BATCH_MAX, `records holds at most ${LOG_BATCH_MAX} records`),
  }),
  response: successBody,
});

export const exportMyData = defineCall({
  method: "GET",
  group: "/user",
  path: "/data-export",
  summary:
    "Everything the platform holds about the signed-in user, as a zip file of JSON files and the files they uploaded (the same file an administrator's export gives).",
  access: "learner",
  responseFormat: "zip",
  response: z.string().describe("application/zip"),
});
