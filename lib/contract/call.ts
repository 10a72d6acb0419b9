import type { z } from "zod";
import type { ErrorCode } from "./error-codes";

/**
 * Who may make a call. Every signed-in user is a learner; a grader is a learner who also grades essays;
 * an author is a learner who also builds courses in the studio (not a grader); an administrator may do
 * everything.
 */
export const ACCESS_LEVELS = ["anonymous", "learner", "grader", "author", "admin"] as const;
export type Access = (typeof ACCESS_LEVELS)[number];
export type Role = "learner" | "grader" | "author" | "admin";

/** Whether a user of this role may make a call open to `access`. */
export function roleMayCall(role: Role | null, access: Access): boolean {
  if (access === "anonymous") return true;
  if (role === null) return false;
  if (access === "learner") return true;
  if (role === "admin") return true;
  return role === access;
}

export const isServed = (call: Pick<CallDef, "served">) => call.served !== false;

export type HttpMethod = "GET" | "POST" | "PUT" | "PATCH" | "DELETE";

/** The API's groups: each call is served at /api + group + path, spelled as in the spec. */
export type CallGroup = "/auth" | "/user" | "/course" | "/dashboard" | "/GroupMeeting" | "/node" | "";

export interface CallDef<
  Q extends z.ZodType | undefined = z.ZodType | undefined,
  B extends z.ZodType | undefined = z.ZodType | undefined,
  R extends z.ZodType = z.ZodType,
> {
  method: HttpMethod;
  group: CallGroup;
  path: string;
  summary: string;
  /**
   * Who may make the call: anyone (`anonymous`), any signed-in user (`learner`), graders and admins
   * (`grader`), authors and admins (`author`), or admins only (`admin`). The API's route helper enforces it and the access-matrix
   * test reads it.
   */
  access: Access;
  /** false while the API does not serve the call yet; the OpenAPI document says so. */
  served?: boolean;
  query?: Q;
  body?: B;
  /**
   * How the body travels: JSON (the default), or a multipart/form-data form whose text fields the
   * body schema describes and whose field `file` carries one file.
   */
  bodyFormat?: "json" | "multipart";
  /**
   * What a successful answer carries: JSON (the default), or an iCalendar file (text/calendar,
   * RFC 5545), a CSV file (text/csv) or a zip file (application/zip), sent as a download, which the
   * response schema describes as text.
   */
  responseFormat?: "json" | "calendar" | "csv" | "zip";
  response: R;
  /** 200 unless the spec says otherwise (finishLogin and getRedirectionNodeKey answer 201). */
  status?: 200 | 201;
  /**
   * The error codes the call's service may answer with (lib/contract/error-codes.ts). The codes every
   * call of its kind may answer (a bad query, no session, a role below `access`...) are added by
   * `callErrorCodes` and need not be listed.
   */
  errors?: readonly ErrorCode[];
  /**
   * A write the client may send again (a retry, a queue's resend): it carries an `Idempotency-Key`
   * header, made once per write and sent unchanged with every resend, and a key already applied is
   * answered as before and not applied twice. The route helper reads the header and hands the key to
   * the handler; the browser's client sets it for every such call.
   */
  idempotent?: boolean;
}

/** The header an idempotent call's key travels in. */
export const IDEMPOTENCY_KEY_HEADER = "Idempotency-Key";

export function defineCall<Q extends z.ZodType | undefined, B extends z.ZodType | undefined, R extends z.ZodType>(
  def: CallDef<Q, B, R>,
): CallDef<Q, B, R> {
  return def;
}

/**
 * Every error code the call may answer with: those its definition lists, and those of the route helper
 * and the error handler for a call of its kind.
 */
export function callErrorCodes(call: Pick<CallDef, "access" | "method" | "query" | "body" | "bodyFormat" | "errors">): ErrorCode[] {
  const codes = new Set<ErrorCode>();
  if (call.query || call.body) codes.add("bad_request");
  if (call.access !== "anonymous") codes.add("unauthorized");
  if (call.access === "grader" || call.access === "author" || call.access === "admin") codes.add("role_required");
  if (call.body) codes.add("unsupported_media_type");
  if (call.method !== "GET") codes.add(call.bodyFormat === "multipart" ? "file_too_large" : "payload_too_large");
  for (const code of call.errors ?? []) codes.add(code);
  codes.add("unavailable");
  return [...codes];
}

export const fullPath = (call: Pick<CallDef, "group" | "path">) => `${call.group}${call.path}`;

/** Whether an export of a call module is a call (the modules export their shared pieces too). */
export const isCall = (value: unknown): value is CallDef =>
  typeof value === "object" && value !== null && "method" in value && "group" in value && "path" in value && "response" in value;

/**
 * A call as the browser knows it: its method and full path, typed by its definition but without its
 * schemas, so a page's script carries no validation code (the API validates what it receives, and the
 * API tests validate what it answers). lib/api/call-routes.ts holds one per call, generated from the contract.
 */
export interface CallRoute<C extends CallDef = CallDef> {
  readonly method: HttpMethod;
  readonly fullPath: string;
  /** Set for a call whose definition is `idempotent`: the client sends it with an Idempotency-Key header. */
  readonly idempotent?: true;
  /** Never set: it only carries the call's types. */
  readonly definition?: C;
}

/** The definition of a call, given the call or its route. */
type DefinitionOf<C> = C extends CallRoute<infer D> ? D : C;

export type CallQuery<C> =
  DefinitionOf<C> extends CallDef<infer Q, z.ZodType | undefined, z.ZodType> ? (Q extends z.ZodType ? z.input<Q> : never) : never;
export type CallBody<C> =
  DefinitionOf<C> extends CallDef<z.ZodType | undefined, infer B, z.ZodType> ? (B extends z.ZodType ? z.input<B> : never) : never;
export type CallResponse<C> = DefinitionOf<C> extends CallDef<z.ZodType | undefined, z.ZodType | undefined, infer R> ? z.output<R> : never;
