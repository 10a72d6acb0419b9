import { z } from "zod";
import { defineCall } from "../call";
import { successBody } from "../common";

export const LOG_BATCH_MAX = 50;
export const LOG_MESSAGE_MAX = 2000;
export const LOG_CONTEXT_MAX = 4000;

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

export const postLog = defineCall({
  method: "POST",
  group: "",
  path: "/log",
  summary:
    "Browser log records, written to the server's structured log when no external log service is configured. Open to visitors, limited per IP address and in size; tokens and answers are never sent.",
  auth: false,
  body: z.object({
    records: z
      .array(logRecord)
      .min(1, "records must hold at least one record")
      .max(LOG_BATCH_MAX, `records holds at most ${LOG_BATCH_MAX} records`),
  }),
  response: successBody,
});
