import "server-only";
import type { Context, Hono } from "hono";
import { bodyLimit } from "hono/body-limit";
import type { z } from "zod";
import { fullPath, IDEMPOTENCY_KEY_HEADER, type CallDef } from "@/lib/contract/call";
import { idempotencyKey as idempotencyKeyRule } from "@/lib/contract/entities/shared";
import { authorize, authorizeSession, type SessionRow } from "../authorize";
import type { Deps } from "../deps";
import { ApiError, unauthorized } from "../errors";
import { describeZodError } from "./error-handler";
import { jsonAnswer, type AnswerVariables } from "./answers";
import type { EncodedJson } from "../encoded-json";

export type { SessionRow };
export type ApiEnv = { Variables: { deps: Deps; auth?: SessionRow } & AnswerVariables };

type Defined<S> = Exclude<S, undefined>;
type Input<S> = [Defined<S>] extends [never] ? undefined : Defined<S> extends z.ZodType ? z.output<Defined<S>> : undefined;

export interface HandlerArgs<C extends CallDef> {
  deps: Deps;
  query: Input<C["query"]>;
  body: Input<C["body"]>;
  c: Context<ApiEnv>;
  /** The Idempotency-Key header of an idempotent call (`idempotent: true`); undefined when none was sent, and for any other call. */
  idempotencyKey: string | undefined;
}
export interface AuthedArgs<C extends CallDef> extends HandlerArgs<C> {
  user: SessionRow["user"];
  session: SessionRow["session"];
}

/** What a handler answers: the call's response, or that response already serialized and stored (see encoded-json.ts). */
type Answer<C extends CallDef> = z.input<C["response"]> | EncodedJson;
type Handler<C extends CallDef> = C["access"] extends "anonymous" ? (args: HandlerArgs<C>) => Promise<Answer<C>> : (args: AuthedArgs<C>) => Promise<Answer<C>>;

/** The bearer token of a request; only the Authorization header counts (a cookie alone is refused, so no CSRF). */
const bearerToken = (c: Context<ApiEnv>) => /^Bearer\s+(\S+)$/.exec((c.req.header("authorization") ?? "").trim())?.[1];

/** Reads the bearer session, whatever the call (see authorize.ts). */
export async function authenticate(c: Context<ApiEnv>): Promise<SessionRow> {
  const found = await authorizeSession(c.get("deps"), [], bearerToken(c));
  c.set("auth", found);
  return found;
}

/** Query parameters as zod expects them: `name[]` (and repeated names) become arrays, the rest single values. */
export function queryRecord(queries: Record<string, string[]>): Record<string, string | string[]> {
  const out: Record<string, string | string[]> = {};
  for (const [rawKey, values] of Object.entries(queries)) {
    if (rawKey.endsWith("[]")) {
      const key = rawKey.slice(0, -2);
      const prev = out[key];
      out[key] = [...(Array.isArray(prev) ? prev : prev === undefined ? [] : [prev]), ...values];
    } else {
      out[rawKey] = values.length > 1 ? values : values[0]!;
    }
  }
  return out;
}

async function readBody(c: Context): Promise<unknown> {
  const type = c.req.header("content-type") ?? "";
  if (!type.toLowerCase().includes("application/json")) {
    throw new ApiError(415, "unsupported_media_type", "Send the request body as JSON (Content-Type: application/json).");
  }
  try {
    return await c.req.json();
  } catch {
    throw new ApiError(400, "bad_request", "The request body is not valid JSON.");
  }
}

/** The path of the first text (value or key) holding a NUL character, which PostgreSQL cannot store; null when none does. */
function nulPath(value: unknown, path: string): string | null {
  if (typeof value === "string") return value.includes("\u0000") ? path : null;
  if (Array.isArray(value)) {
    for (const [i, item] of value.entries()) {
      const found = nulPath(item, `${path}.${i}`);
      if (found) return found;
    }
    return null;
  }
  if (value && typeof value === "object") {
    for (const [key, item] of Object.entries(value)) {
      const found = key.includes("\u0000") ? `${path}.${key.replaceAll("\u0000", "")}` : nulPath(item, `${path}.${key}`);
      if (found) return found;
    }
  }
  return null;
}

function refuseNul(value: unknown, where: "query" | "body") {
  const found = nulPath(value, where);
  if (found) throw new ApiError(400, "bad_request", `${found} must not contain the NUL character.`);
}

/** The session and role the call's `access` asks for, checked before any input is read (authorize.ts). */
async function checkAccess(c: Context<ApiEnv>, call: CallDef): Promise<SessionRow | undefined> {
  const auth = await authorize(c.get("deps"), call, bearerToken(c));
  if (auth) c.set("auth", auth);
  return auth;
}

/** Each JSON call's handler, by its contract entry: a server page runs the same one (lib/server/page-calls.ts). */
const handlers = new Map<CallDef, RegisteredHandler>();

export interface RegisteredHandler {
  handler: (args: AuthedArgs<CallDef>) => Promise<unknown>;
  cacheControl?: string;
}

/** The handler `route` registered for a call, with the Cache-Control of its answers, if any. */
export function routeHandler(call: CallDef): RegisteredHandler | undefined {
  return handlers.get(call);
}

/**
 * Registers one call of the contract at its full path (group + path, as the spec spells it): checks
 * the session and the role the call's `access` asks for, parses its query and body with the
 * contract's schemas, runs the handler, answers with the call's status. The answer is built here
 * whole (answers.ts): a handler sets no headers of its own with Hono's `c.header()`, which would be
 * lost; a Cache-Control other than no-store is given in `options`.
 */
export function route<C extends CallDef>(router: Hono<ApiEnv>, call: C, handler: Handler<C>, options: { cacheControl?: string } = {}) {
  if (call.bodyFormat === "multipart") throw new Error(`${fullPath(call)} takes a multipart form: register it with formRoute.`);
  if (call.responseFormat === "calendar") throw new Error(`${fullPath(call)} answers with a calendar file: register it with calendarRoute.`);
  if (call.responseFormat === "csv") throw new Error(`${fullPath(call)} answers with a CSV file: register it with csvRoute.`);
  if (call.responseFormat === "zip") throw new Error(`${fullPath(call)} answers with a zip file: register it with zipRoute.`);
  handlers.set(call, { handler: handler as RegisteredHandler["handler"], cacheControl: options.cacheControl });
  router.on(call.method, fullPath(call), async (c) => {
    const args = await readInput(c, call);
    const result = await (handler as (a: typeof args) => Promise<unknown>)(args);
    const answer = jsonAnswer(result, { status: call.status ?? 200, compresses: c.get("compresses") === true, acceptEncoding: c.req.header("accept-encoding"), cacheControl: options.cacheControl });
    c.set("answered", true);
    return answer;
  });
}

/** An idempotent call's key, from its Idempotency-Key header; an empty header counts as none. */
function readIdempotencyKey(c: Context, call: CallDef): string | undefined {
  if (!call.idempotent) return undefined;
  const raw = c.req.header(IDEMPOTENCY_KEY_HEADER);
  if (!raw) return undefined;
  const parsed = idempotencyKeyRule.safeParse(raw);
  if (!parsed.success) throw new ApiError(400, "bad_request", `${IDEMPOTENCY_KEY_HEADER}: ${parsed.error.issues[0]?.message ?? "invalid"}`);
  return parsed.data;
}

/** Checks access, then parses the query and JSON body with the call's schemas. */
async function readInput(c: Context<ApiEnv>, call: CallDef) {
  const auth = await checkAccess(c, call);
  const idempotencyKey = readIdempotencyKey(c, call);
  const query = parseQuery(call, call.query ? queryRecord(c.req.queries()) : undefined);
  const body = call.body ? parseBody(call, await readBody(c)) : undefined;
  return { deps: c.get("deps"), query, body, c, idempotencyKey, user: auth?.user, session: auth?.session };
}

/** A call's query, as `queryRecord` reads it, parsed with the call's schema; 400 when it does not fit. */
export function parseQuery(call: CallDef, raw: Record<string, string | string[]> = {}): unknown {
  if (!call.query) return undefined;
  refuseNul(raw, "query");
  const parsed = call.query.safeParse(raw);
  if (!parsed.success) throw new ApiError(400, "bad_request", describeZodError(parsed.error, "query"));
  return parsed.data;
}

/** A call's JSON body parsed with the call's schema; 400 when it does not fit. */
export function parseBody(call: CallDef, raw: unknown): unknown {
  if (!call.body) return undefined;
  refuseNul(raw, "body");
  const parsed = call.body.safeParse(raw);
  if (!parsed.success) throw new ApiError(400, "bad_request", describeZodError(parsed.error, "body"));
  return parsed.data;
}

/** A calendar file and the name a browser saves it under. */
export interface CalendarFile {
  fileName: string;
  calendar: string;
}

/** A Content-Disposition that makes the browser save the file under its name, never display it. */
export function attachmentDisposition(name: string): string {
  const ascii = name.replace(/[^\x20-\x7e]/g, "_").replace(/["\\]/g, "_");
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(name)}`;
}

/**
 * Registers a call that answers with a file to save (its `responseFormat`): access and input are
 * checked as for `route`; the answer is sent as an attachment, never cached, never sniffed.
 */
function downloadRoute<C extends CallDef>(
  router: Hono<ApiEnv>,
  call: C,
  format: "calendar" | "csv" | "zip",
  contentType: string,
  handler: (args: AuthedArgs<C>) => Promise<{ fileName: string; body: string | ReadableStream<Uint8Array> }>,
) {
  if (call.responseFormat !== format || call.access === "anonymous") throw new Error(`${fullPath(call)} is not a signed-in ${format} call.`);
  router.on(call.method, fullPath(call), async (c) => {
    const args = (await readInput(c, call)) as AuthedArgs<C>;
    const file = await handler(args);
    return c.body(file.body, 200, {
      "Content-Type": contentType,
      "Content-Disposition": attachmentDisposition(file.fileName),
      "Cache-Control": "private, no-store",
      "X-Content-Type-Options": "nosniff",
    });
  });
}

/** Registers a call that answers with an iCalendar file (`responseFormat: "calendar"`), text/calendar. */
export function calendarRoute<C extends CallDef>(router: Hono<ApiEnv>, call: C, handler: (args: AuthedArgs<C>) => Promise<CalendarFile>) {
  downloadRoute(router, call, "calendar", "text/calendar; charset=utf-8", async (args) => {
    const file = await handler(args);
    return { fileName: file.fileName, body: file.calendar };
  });
}

/**
 * Registers a call that answers with a CSV file (`responseFormat: "csv"`), text/csv: whole, or
 * streamed as its rows are read (an error after the first byte ends the download).
 */
export function csvRoute<C extends CallDef>(
  router: Hono<ApiEnv>,
  call: C,
  handler: (args: AuthedArgs<C>) => Promise<{ fileName: string; csv: string } | { fileName: string; stream: ReadableStream<Uint8Array> }>,
) {
  downloadRoute(router, call, "csv", "text/csv; charset=utf-8", async (args) => {
    const file = await handler(args);
    return { fileName: file.fileName, body: "csv" in file ? file.csv : file.stream };
  });
}

/** Registers a call that answers with a zip file (`responseFormat: "zip"`), streamed as it is made. */
export function zipRoute<C extends CallDef>(router: Hono<ApiEnv>, call: C, handler: (args: AuthedArgs<C>) => Promise<{ fileName: string; stream: ReadableStream<Uint8Array> }>) {
  downloadRoute(router, call, "zip", "application/zip", async (args) => {
    const file = await handler(args);
    return { fileName: file.fileName, body: file.stream };
  });
}

/** A file sent in a multipart form, read whole into memory (its size is capped before it is read). */
export interface FormFile {
  name: string;
  bytes: Uint8Array;
}

interface FormHandlerArgs<C extends CallDef> extends AuthedArgs<C> {
  file: FormFile;
}

/** How much a multipart body may carry beyond its file: the boundaries, headers and text fields. */
const FORM_OVERHEAD_BYTES = 64 * 1024;

/**
 * Registers a call whose input is a multipart/form-data form with one file (field `file`) and text
 * fields, which the call's body schema parses. The session and role are checked as for `route`, before
 * anything is read; the body is refused with 413 as soon as it passes `maxFileBytes` (plus the form's
 * own overhead), so an oversized upload is never read whole.
 */
export function formRoute<C extends CallDef>(
  router: Hono<ApiEnv>,
  call: C,
  options: {
    maxFileBytes: (deps: Deps) => number;
    tooLarge: (maxFileBytes: number) => string;
    /** What the file is, for the refusal's details (lib/contract/error-codes.ts, file_too_large). */
    upload: "essay" | "peopleCsv" | "membersCsv" | "scorm";
  },
  handler: (args: FormHandlerArgs<C>) => Promise<z.input<C["response"]>>,
) {
  if (call.bodyFormat !== "multipart") throw new Error(`${fullPath(call)} takes JSON: register it with route.`);
  router.on(call.method, fullPath(call), async (c) => {
    const auth = await checkAccess(c, call);
    if (!auth) throw unauthorized();
    const type = c.req.header("content-type") ?? "";
    if (!type.toLowerCase().startsWith("multipart/form-data")) {
      const fields = ["file", ...Object.keys((call.body as { shape?: Record<string, unknown> } | undefined)?.shape ?? {})];
      throw new ApiError(415, "unsupported_media_type", `Send the file as a multipart/form-data form (fields ${fields.join(", ")}).`);
    }
    const deps = c.get("deps");
    const maxFileBytes = options.maxFileBytes(deps);
    const limit = maxFileBytes + FORM_OVERHEAD_BYTES;
    const tooLarge = () => new ApiError(413, "file_too_large", options.tooLarge(maxFileBytes), {}, { reason: options.upload, maxBytes: maxFileBytes });
    if (Number(c.req.header("content-length") ?? 0) > limit) throw tooLarge();
    let form: Record<string, string | File | (string | File)[]> | undefined;
    await bodyLimit({
      maxSize: limit,
      onError: () => {
        throw tooLarge();
      },
    })(c, async () => {
      try {
        form = await c.req.parseBody({ all: true });
      } catch {
        throw new ApiError(400, "bad_request", "body: the multipart form could not be read.");
      }
    });
    const fields: Record<string, unknown> = {};
    let file: File | undefined;
    for (const [name, value] of Object.entries(form ?? {})) {
      if (name === "file") {
        if (Array.isArray(value) || typeof value === "string") throw new ApiError(400, "bad_request", "file: send exactly one file per request.");
        file = value;
      } else if (typeof value === "string") {
        fields[name] = value;
      } else {
        throw new ApiError(400, "bad_request", `${name}: must be a text field, not a file.`);
      }
    }
    refuseNul(fields, "body");
    const parsed = call.body ? call.body.safeParse(fields) : undefined;
    if (parsed && !parsed.success) throw new ApiError(400, "bad_request", describeZodError(parsed.error, "body"));
    if (!file) throw new ApiError(400, "bad_request", "file: attach the file in the form field named file.");
    if (file.size > maxFileBytes) throw tooLarge();
    const args = {
      deps,
      query: undefined,
      body: parsed?.data,
      c,
      idempotencyKey: readIdempotencyKey(c, call),
      user: auth.user,
      session: auth.session,
      file: { name: file.name, bytes: new Uint8Array(await file.arrayBuffer()) },
    } as FormHandlerArgs<C>;
    return c.json((await handler(args)) as object, call.status ?? 200);
  });
}
