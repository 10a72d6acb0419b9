import axios, { isAxiosError, type AxiosInstance, type AxiosRequestConfig } from "axios";
import axiosRetry, { exponentialDelay } from "axios-retry";
import type { z } from "zod";
import { fullPath, type CallDef } from "@/lib/contract/call";
import { publicEnv } from "@/lib/env";
import { announceNewBadges } from "@/lib/browser/badge-announcements";
import { logApiResponse } from "@/lib/browser/client-log";
import { getSessionToken } from "@/lib/browser/session-cookie";

/** Only 5xx answers are retried, and only requests that are safe to repeat. */
export function shouldRetry(config: AxiosRequestConfig | undefined, status: number | undefined): boolean {
  if (status === undefined || status < 500 || status > 599) return false;
  const method = (config?.method ?? "get").toUpperCase();
  if (method === "GET" || method === "HEAD") return true;
  const headers = config?.headers as Record<string, unknown> | undefined;
  return Boolean(headers?.["Idempotency-Key"] ?? headers?.["idempotency-key"]);
}

export interface HttpClientOptions {
  baseURL?: string;
  getToken?: () => string | undefined;
  retries?: number;
  /** How requests travel; the server passes one that calls the API in process. */
  adapter?: AxiosRequestConfig["adapter"];
  /** Sends a log record for every answer (the browser's client). */
  logResponses?: boolean;
}

type Timed = { startedAt?: number };

function logExchange(config: (AxiosRequestConfig & Timed) | undefined, status: number | undefined, body?: unknown) {
  logApiResponse({
    method: config?.method,
    url: config?.url,
    status,
    durationMs: config?.startedAt === undefined ? undefined : Math.round(performance.now() - config.startedAt),
    body,
  });
}

export function createHttpClient(options: HttpClientOptions = {}): AxiosInstance {
  const http = axios.create({ baseURL: options.baseURL ?? publicEnv.apiBaseUrl, timeout: 20_000, adapter: options.adapter });
  const getToken = options.getToken ?? getSessionToken;
  http.interceptors.request.use((config) => {
    const token = getToken();
    if (token) config.headers.set("Authorization", `Bearer ${token}`);
    return config;
  });
  if (options.logResponses) {
    http.interceptors.request.use((config) => {
      (config as Timed).startedAt = performance.now();
      return config;
    });
    http.interceptors.response.use(
      (res) => {
        logExchange(res.config, res.status);
        return res;
      },
      (error: unknown) => {
        if (isAxiosError(error)) logExchange(error.config, error.response?.status, error.response?.data);
        return Promise.reject(error);
      },
    );
  }
  axiosRetry(http, {
    retries: options.retries ?? 3,
    retryDelay: exponentialDelay,
    retryCondition: (error) => shouldRetry(error.config, error.response?.status),
  });
  return http;
}

export const http = createHttpClient({ logResponses: typeof window !== "undefined" });

type Input<S> = [Exclude<S, undefined>] extends [never] ? undefined : Exclude<S, undefined> extends z.ZodType ? z.input<Exclude<S, undefined>> : undefined;

/** Calls one call of the contract and validates its answer against the contract. */
export async function callApi<C extends CallDef>(
  call: C,
  input: { query?: Input<C["query"]>; body?: Input<C["body"]>; headers?: Record<string, string> } = {},
  client: AxiosInstance = http,
): Promise<z.output<C["response"]>> {
  const res = await client.request({
    method: call.method,
    url: `${call.group}${call.path}`,
    params: input.query,
    paramsSerializer: { indexes: false },
    data: input.body,
    headers: input.headers,
  });
  const answer = call.response.parse(res.data) as z.output<C["response"]>;
  // An action that earned badges says so in its answer: the page tells the learner (once, as only that answer names them).
  announceNewBadges(answer);
  return answer;
}

/**
 * Sends one call of the contract with fetch's keepalive, the only request sure to leave a page that
 * is closing (pagehide, visibilitychange): method and path come from the call's definition, the body
 * is typed by it. The answer is not read; what must not be lost stays queued until acknowledged.
 */
export function sendKeepalive<C extends CallDef>(call: C, body: Input<C["body"]>, headers: Record<string, string> = {}): Promise<Response> {
  const token = getSessionToken();
  return fetch(`${publicEnv.apiBaseUrl.replace(/\/$/, "")}${fullPath(call)}`, {
    method: call.method,
    keepalive: true,
    headers: { "content-type": "application/json", ...(token ? { authorization: `Bearer ${token}` } : {}), ...headers },
    body: JSON.stringify(body),
  });
}
