import "server-only";
import { cookies } from "next/headers";
import { HttpError, queryString, type HttpClient, type HttpRequest, type HttpResponse } from "@/lib/api/client";
import { allCalls } from "@/lib/contract";
import { fullPath, type CallDef } from "@/lib/contract/call";
import { serverEnv } from "@/lib/env";
import { sessionCookieName } from "@/lib/session-cookie";
import { jsonAnswer } from "./api/answers";
import { API_ROUTERS } from "./api/app";
import { EncodedJson } from "./encoded-json";
import { errorAnswer } from "./api/error-handler";
import { parseQuery, queryRecord, routeHandler } from "./api/route";
import { authorize } from "./authorize";
import { getDeps, type Deps } from "./deps";

// Each call's handler is registered as its area's router module loads.
void API_ROUTERS;

/** Every call of the contract by method and full path, as the typed client names them. */
const callsByRoute = new Map(allCalls.map((call) => [`${call.method} ${fullPath(call)}`, call]));

/** A page's calls have no HTTP request: the handlers of the reads it makes do not look at one. */
const NO_REQUEST = new Proxy({}, {
  get() {
    throw new Error("A server page's call has no HTTP request to read.");
  },
});

/**
 * A read call as the holder of `token` makes it, without HTTP: the same check of session and role
 * as the call's route (authorize.ts), its query parsed with the call's schema from the same form the
 * address carries, and the handler its route runs. The answer is what the route would send, as the
 * browser parses it (JSON).
 */
export async function callAs(deps: Deps, token: string | undefined, call: CallDef, query: Record<string, string | string[]> = {}): Promise<unknown> {
  const answer = await runCall(deps, token, call, query);
  return JSON.parse(answer instanceof EncodedJson ? answer.json : JSON.stringify(answer)) as unknown;
}

async function runCall(deps: Deps, token: string | undefined, call: CallDef, query: Record<string, string | string[]>): Promise<unknown> {
  const registered = routeHandler(call);
  if (call.method !== "GET" || !registered) throw new Error(`${call.method} ${fullPath(call)} is not a read a page may make.`);
  const auth = await authorize(deps, call, token);
  const parsed = parseQuery(call, query);
  return registered.handler({ deps, query: parsed as never, body: undefined as never, c: NO_REQUEST as never, idempotencyKey: undefined, user: auth?.user as never, session: auth?.session as never });
}

/**
 * An anonymous read call's whole answer, as its route sends it (status, headers, JSON), for an
 * address of the site that serves a call (`/.well-known/*`). Next compresses it.
 */
export async function anonymousCallAnswer(call: CallDef): Promise<Response> {
  try {
    const answer = await runCall(await getDeps(), undefined, call, {});
    return jsonAnswer(answer, { status: call.status ?? 200, compresses: false, acceptEncoding: undefined, cacheControl: routeHandler(call)?.cacheControl });
  } catch (err) {
    const refusal = errorAnswer(err, { method: call.method, path: fullPath(call) });
    const answer = jsonAnswer(refusal.body, { status: refusal.status, compresses: false, acceptEncoding: undefined });
    for (const [name, value] of Object.entries(refusal.headers)) answer.headers.set(name, value);
    return answer;
  }
}

/** The query the typed client would send, read back as a route reads it. */
function queryOf(params: HttpRequest["params"]): Record<string, string | string[]> {
  const grouped: Record<string, string[]> = {};
  for (const [key, value] of new URLSearchParams(queryString(params))) (grouped[key] ??= []).push(value);
  return queryRecord(grouped);
}

/**
 * The typed client for server components, acting as this request's visitor (session cookie): the
 * browser's query options run with it, so the data lands in the query cache under the same keys.
 * Each request runs its call through `callAs`; a refusal fails as the browser's client fails, with
 * the status and body the route would answer with.
 */
export function pageClient(deps: Deps, token: string | undefined): HttpClient {
  return {
    async request<T>(req: HttpRequest): Promise<HttpResponse<T>> {
      const method = req.method.toUpperCase();
      const call = callsByRoute.get(`${method} ${req.url}`);
      if (!call) throw new Error(`No call ${method} ${req.url} in the contract.`);
      try {
        const data = (await callAs(deps, token, call, queryOf(req.params))) as T;
        return { status: call.status ?? 200, data, headers: new Headers() };
      } catch (err) {
        const answer = errorAnswer(err, { method, path: `/api${req.url}` });
        throw new HttpError(`Request failed with status code ${answer.status}`, { status: answer.status, data: answer.body, headers: new Headers(answer.headers) });
      }
    },
  };
}

/** This request's session token (the session cookie), if any. */
export async function requestToken(): Promise<string | undefined> {
  return (await cookies()).get(sessionCookieName(serverEnv().APP_ENV))?.value;
}

/** The typed client for this request's visitor, and whether the visitor holds a session token at all. */
export async function serverCalls(): Promise<{ http: HttpClient; token: string | undefined }> {
  const [deps, token] = await Promise.all([getDeps(), requestToken()]);
  return { http: pageClient(deps, token), token };
}
