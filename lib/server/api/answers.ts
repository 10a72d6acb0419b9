import "server-only";
import { gzipSync } from "node:zlib";
import type { MiddlewareHandler } from "hono";
import { securityHeaders } from "@/lib/security-headers";
import { EncodedJson } from "../encoded-json";

/** Answers shorter than this go out as they are: gzip would save too little to pay for itself. */
const MIN_BYTES = 1024;
const JSON_TYPE = /^application\/json\b/i;

/** Whether a request's Accept-Encoding takes gzip (every browser's does). */
export const acceptsGzip = (acceptEncoding: string | undefined) => /\bgzip\b/i.test(acceptEncoding ?? "");

/** The Cache-Control of every answer whose route does not set its own: private and fresh. */
const DEFAULT_CACHE_CONTROL = "no-store";
/** The security headers of every response (nosniff among them), set by the API itself whichever server sends its answers. */
const SECURITY_HEADERS = securityHeaders((process.env.APP_ENV || "dev") !== "dev");
const SECURITY_ENTRIES = Object.entries(SECURITY_HEADERS);

/**
 * What the API's context knows about answering. `compresses`: the server sends a Content-Encoding the
 * API sets on to the client (every server does; the tests' in-process requests ask for plain JSON).
 * `answered`: the route built its answer whole with jsonAnswer, so nothing is left to add.
 */
export type AnswerVariables = { compresses?: boolean; answered?: boolean };

/**
 * A call's JSON answer, built once and whole: the JSON (serialized here, or stored before, see
 * encoded-json.ts), gzipped in one synchronous zlib call when the client takes gzip and the answer
 * is 1 KB or more (a stored answer brings its gzip bytes along), with the headers every answer
 * carries. Hono's compress middleware, and Next's, run each answer through a compression stream,
 * which takes several times as long as one call for a small answer; and headers set on an answer
 * after it is built make Hono build it again.
 */
export function jsonAnswer(
  result: unknown,
  { status, compresses, acceptEncoding, cacheControl = DEFAULT_CACHE_CONTROL }: { status: number; compresses: boolean; acceptEncoding: string | undefined; cacheControl?: string },
): Response {
  const gzip = compresses && acceptsGzip(acceptEncoding);
  const headers: Record<string, string> = {
    "Content-Type": "application/json",
    "Cache-Control": cacheControl,
    ...SECURITY_HEADERS,
  };
  if (compresses) headers.Vary = "Accept-Encoding";
  let body: string | Uint8Array;
  if (result instanceof EncodedJson) {
    body = gzip ? result.gzip : result.json;
  } else {
    const json = JSON.stringify(result);
    body = gzip && json.length >= MIN_BYTES ? gzipSync(json) : json;
  }
  if (typeof body !== "string") headers["Content-Encoding"] = "gzip";
  // A Buffer from zlib sits on a plain ArrayBuffer, never a shared one.
  const answer = new Response(body as string | Uint8Array<ArrayBuffer>, { status, headers });
  builtAnswers.set(answer, { status, headers, body });
  return answer;
}

/** What jsonAnswer built each answer from, so a server may write it without reading the answer's body back (see node-listener.ts). */
const builtAnswers = new WeakMap<Response, { status: number; headers: Record<string, string>; body: string | Uint8Array }>();

/** The status, headers and body of an answer jsonAnswer built, undefined for any other. */
export const builtAnswer = (answer: Response) => builtAnswers.get(answer);

/**
 * Finishes the answers no route built whole (errors, files, the few calls outside the contract): the
 * default and security headers, and gzip for JSON of 1 KB or more where the server sends it on.
 * Headers are set on the answer as it stands: through Hono's setter each one would build the answer
 * again. Anything that is not JSON (stored files, which may be large, mostly images and PDFs already
 * compressed) goes out as it is; Next compresses it only where Next routes /api itself.
 */
export const finishAnswers: MiddlewareHandler<{ Variables: AnswerVariables }> = async (c, next) => {
  await next();
  if (c.get("answered")) return;
  const answer = c.res;
  const headers = answer.headers;
  if (!headers.has("Cache-Control")) headers.set("Cache-Control", DEFAULT_CACHE_CONTROL);
  // A route that set one of them keeps its own (a SCORM package's files may be framed by the learning page, and send no referrer).
  for (const [name, value] of SECURITY_ENTRIES) if (!headers.has(name)) headers.set(name, value);
  if (c.get("compresses") !== true || c.req.method === "HEAD" || !answer.body || headers.has("Content-Encoding")) return;
  if (!JSON_TYPE.test(headers.get("Content-Type") ?? "")) return;
  headers.append("Vary", "Accept-Encoding");
  if (!acceptsGzip(c.req.header("Accept-Encoding"))) return;
  const bytes = new Uint8Array(await answer.arrayBuffer());
  if (bytes.length < MIN_BYTES) {
    c.res = undefined;
    c.res = new Response(bytes, { status: answer.status, statusText: answer.statusText, headers });
    return;
  }
  headers.delete("Content-Length");
  headers.set("Content-Encoding", "gzip");
  // Replaced whole, not through Hono's setter, which would copy the old headers back on.
  c.res = undefined;
  c.res = new Response(gzipSync(bytes) as Uint8Array<ArrayBuffer>, { status: answer.status, statusText: answer.statusText, headers });
};
