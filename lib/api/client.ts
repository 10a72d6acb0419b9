import type { z } from "zod";
import { IDEMPOTENCY_KEY_HEADER, type CallDef, type CallResponse, type CallRoute } from "@/lib/contract/call";
import type { ErrorCode } from "@/lib/contract/error-codes";
import { publicEnv } from "@/lib/public-env";
import { announceNewBadges } from "@/lib/browser/badge-announcements";
import { logApiResponse } from "@/lib/browser/client-log";
import { getSessionToken } from "@/lib/browser/session-cookie";

type Params = Record<string, unknown>;

/** One request of the typed client: the path is relative to the client's base URL. */
export interface HttpRequest {
  method: string;
  url: string;
  params?: Params;
  /** Sent as JSON, or as it is when it is a FormData. */
  data?: unknown;
  headers?: Record<string, string>;
  /** "json" (the default) parses a JSON answer and keeps any other as text; "text" keeps it as text; "blob" keeps a successful answer's bytes (a download). */
  responseType?: "json" | "text" | "blob";
  signal?: AbortSignal;
  /** Milliseconds before the request is given up (20 s by default). */
  timeout?: number;
  /** false: tried once, whatever the answer; for a sender that retries on its own (a durable queue). */
  retry?: boolean;
}

export interface HttpResponse<T = unknown> {
  status: number;
  data: T;
  headers: Headers;
}

/**
 * A request that failed: `response` is the server's answer, absent when none came (offline, timeout).
 * `code` is the machine-readable reason of the API's error body (lib/contract/error-codes.ts), for a
 * page to switch on; undefined when no answer came or it carries none.
 */
export class HttpError extends Error {
  readonly code: ErrorCode | undefined;
  constructor(
    message: string,
    readonly response?: HttpResponse,
  ) {
    super(message);
    this.name = "HttpError";
    this.code = errorCodeOf(response?.data);
  }
}

/** The code of an API error body. The API answers only the contract's codes, so one read is one of them. */
function errorCodeOf(body: unknown): ErrorCode | undefined {
  const code = typeof body === "object" && body !== null ? (body as { code?: unknown }).code : undefined;
  return typeof code === "string" ? (code as ErrorCode) : undefined;
}

export interface HttpClient {
  request<T = unknown>(req: HttpRequest): Promise<HttpResponse<T>>;
}

/** Only 5xx answers are retried, and only requests that are safe to repeat. */
export function shouldRetry(config: { method?: string; headers?: Record<string, unknown> } | undefined, status: number | undefined): boolean {
  if (status === undefined || status < 500 || status > 599) return false;
  const method = (config?.method ?? "get").toUpperCase();
  if (method === "GET" || method === "HEAD") return true;
  const headers = config?.headers;
  return Boolean(headers?.["Idempotency-Key"] ?? headers?.["idempotency-key"]);
}

export interface HttpClientOptions {
  baseURL?: string;
  getToken?: () => string | undefined;
  retries?: number;
  /** How requests travel; the server passes one that calls the API in process. */
  fetch?: (request: Request) => Promise<Response>;
  /** Sends a log record for every answer (the browser's client). */
  logResponses?: boolean;
}

/** Query parameters as the API reads them: unset values left out, a list as repeated `name[]`. */
export function queryString(params: Params | undefined): string {
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(params ?? {})) {
    if (value === undefined || value === null) continue;
    const text = (v: unknown) => (v instanceof Date ? v.toISOString() : String(v));
    if (Array.isArray(value)) for (const v of value) search.append(`${key}[]`, text(v));
    else search.append(key, text(value));
  }
  const query = search.toString();
  return query ? `?${query}` : "";
}

const joinUrl = (base: string, path: string) => `${base.replace(/\/+$/, "")}/${path.replace(/^\/+/, "")}`;

/** The same wait as before between tries: 100 ms doubled each time, plus up to a fifth more at random. */
const retryDelay = (attempt: number) => {
  const delay = 2 ** attempt * 100;
  return delay + delay * 0.2 * Math.random();
};

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

function parseBody(text: string, responseType: HttpRequest["responseType"]): unknown {
  if (responseType === "text" || !text) return responseType === "text" ? text : undefined;
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

/** A small fetch client: the session as a Bearer header, a timeout, retries of what is safe to repeat, and a log of every answer. */
export function createHttpClient(options: HttpClientOptions = {}): HttpClient {
  const baseURL = options.baseURL ?? publicEnv.apiBaseUrl;
  const getToken = options.getToken ?? getSessionToken;
  const send = options.fetch ?? ((request: Request) => fetch(request));
  const retries = options.retries ?? 3;

  async function once(req: HttpRequest): Promise<HttpResponse> {
    const headers: Record<string, string> = { accept: "application/json, text/plain, */*", ...req.headers };
    const token = getToken();
    if (token) headers.authorization = `Bearer ${token}`;
    let body: BodyInit | undefined;
    if (req.data instanceof FormData) body = req.data;
    else if (req.data !== undefined) {
      body = JSON.stringify(req.data);
      headers["content-type"] = "application/json";
    }
    const timeout = AbortSignal.timeout(req.timeout ?? 20_000);
    const url = new URL(joinUrl(baseURL, req.url) + queryString(req.params), typeof window === "undefined" ? "http://in-process" : window.location.href);
    const startedAt = performance.now();
    const log = (status: number | undefined, data?: unknown) => {
      if (options.logResponses) logApiResponse({ method: req.method, url: req.url, status, durationMs: Math.round(performance.now() - startedAt), body: data });
    };
    let res: Response;
    try {
      res = await send(new Request(url, { method: req.method.toUpperCase(), headers, body, signal: req.signal ? AbortSignal.any([req.signal, timeout]) : timeout }));
    } catch (err) {
      log(undefined);
      throw new HttpError(err instanceof Error && err.name === "TimeoutError" ? "The request timed out" : "Network Error");
    }
    const data = res.ok && req.responseType === "blob" ? await res.blob() : parseBody(await res.text(), req.responseType === "blob" ? "json" : req.responseType);
    const response: HttpResponse = { status: res.status, data, headers: res.headers };
    log(res.status, res.ok ? undefined : response.data);
    if (!res.ok) throw new HttpError(`Request failed with status code ${res.status}`, response);
    return response;
  }

  return {
    async request<T>(req: HttpRequest): Promise<HttpResponse<T>> {
      for (let attempt = 1; ; attempt += 1) {
        try {
          return (await once(req)) as HttpResponse<T>;
        } catch (err) {
          const status = err instanceof HttpError ? err.response?.status : undefined;
          if (req.retry === false || attempt > retries || !shouldRetry(req, status)) throw err;
          await sleep(retryDelay(attempt));
        }
      }
    },
  };
}

export const http = createHttpClient({ logResponses: typeof window !== "undefined" });

type Input<S> = [Exclude<S, undefined>] extends [never] ? undefined : Exclude<S, undefined> extends z.ZodType ? z.input<Exclude<S, undefined>> : undefined;

/** The headers of an idempotent call: its key, the caller's or a new one (made once per write). */
function idempotencyHeaders(route: CallRoute, key: string | undefined): Record<string, string> {
  return route.idempotent ? { [IDEMPOTENCY_KEY_HEADER]: key ?? crypto.randomUUID() } : {};
}

export interface CallInput<C extends CallDef> {
  query?: Input<C["query"]>;
  body?: Input<C["body"]>;
  headers?: Record<string, string>;
  /**
   * An idempotent call's key (see `idempotent` in lib/contract/call.ts), sent as the Idempotency-Key
   * header; left out, the client makes one for this write. Ignored for other calls.
   */
  idempotencyKey?: string;
  /** false: tried once; the caller (a durable queue) owns the retries. */
  retry?: boolean;
}

/**
 * Calls one call of the contract. The answer is not validated here: that would ship every schema to
 * the browser; the API tests check that each answer matches its call's response schema. An idempotent
 * call goes with its Idempotency-Key header, the same on every retry.
 */
export async function callApi<C extends CallDef>(route: CallRoute<C>, input: CallInput<C> = {}, client: HttpClient = http): Promise<CallResponse<C>> {
  const res = await client.request<CallResponse<C>>({
    method: route.method,
    url: route.fullPath,
    params: input.query as Params | undefined,
    data: input.body,
    headers: { ...idempotencyHeaders(route, input.idempotencyKey), ...input.headers },
    retry: input.retry,
  });
  // An action that earned badges says so in its answer: the page tells the learner (once, as only that answer names them).
  announceNewBadges(res.data);
  return res.data;
}

/**
 * Posts a form with a file and reports the share sent so far (0..1): fetch cannot tell upload
 * progress, so this one request goes through XMLHttpRequest, with the same session header and errors.
 */
export function uploadForm(path: string, form: FormData, options: { onProgress: (share: number) => void; signal?: AbortSignal; timeout?: number }): Promise<HttpResponse> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open("POST", joinUrl(publicEnv.apiBaseUrl, path));
    const token = getSessionToken();
    if (token) xhr.setRequestHeader("authorization", `Bearer ${token}`);
    xhr.timeout = options.timeout ?? 20_000;
    xhr.upload.onprogress = (e) => options.onProgress(e.total ? e.loaded / e.total : 0);
    const abort = () => xhr.abort();
    options.signal?.addEventListener("abort", abort);
    const fail = (message: string) => () => reject(options.signal?.aborted ? options.signal.reason : new HttpError(message));
    xhr.onerror = fail("Network Error");
    xhr.ontimeout = fail("The request timed out");
    xhr.onabort = fail("The request was cancelled");
    xhr.onload = () => {
      options.signal?.removeEventListener("abort", abort);
      const response: HttpResponse = { status: xhr.status, data: parseBody(xhr.responseText, "json"), headers: new Headers() };
      logApiResponse({ method: "post", url: path, status: xhr.status, body: xhr.status < 300 ? undefined : response.data });
      if (xhr.status >= 200 && xhr.status < 300) resolve(response);
      else reject(new HttpError(`Request failed with status code ${xhr.status}`, response));
    };
    xhr.send(form);
  });
}

/**
 * Sends one call of the contract with fetch's keepalive, the only request sure to leave a page that
 * is closing (pagehide, visibilitychange): method and path come from the call's definition, the body
 * is typed by it. The answer is not read; what must not be lost stays queued until acknowledged.
 */
export function sendKeepalive<C extends CallDef>(route: CallRoute<C>, body: Input<C["body"]>, options: { idempotencyKey?: string } = {}): Promise<Response> {
  const token = getSessionToken();
  return fetch(`${publicEnv.apiBaseUrl.replace(/\/$/, "")}${route.fullPath}`, {
    method: route.method,
    keepalive: true,
    headers: { "content-type": "application/json", ...(token ? { authorization: `Bearer ${token}` } : {}), ...idempotencyHeaders(route, options.idempotencyKey) },
    body: JSON.stringify(body),
  });
}
