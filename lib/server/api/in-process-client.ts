import "server-only";
import axios, { AxiosError, type AxiosAdapter, type AxiosInstance } from "axios";
import { cookies } from "next/headers";
import { createHttpClient } from "@/lib/api/client";
import { sessionCookieName } from "@/lib/session-cookie";
import { getDeps } from "../deps";
import { createApi, type Api } from "./app";

const holder = globalThis as unknown as { __inProcessApi?: Api };

/** The API's answer to a request, without a network hop (the same app as /api serves). */
export function inProcessApiFetch(request: Request): Promise<Response> {
  holder.__inProcessApi ??= createApi(getDeps);
  return Promise.resolve(holder.__inProcessApi.fetch(request));
}

/**
 * Sends the typed client's requests straight to the Hono app, without a network hop: the same
 * routes, session check and validation as a browser's request.
 */
const inProcessAdapter: AxiosAdapter = async (config) => {
  const url = axios.getUri(config);
  const headers = new Headers();
  for (const [k, v] of Object.entries(config.headers?.toJSON?.() ?? {})) if (v != null) headers.set(k, String(v));
  const res = await inProcessApiFetch(
    new Request(new URL(url, "http://in-process"), {
      method: (config.method ?? "get").toUpperCase(),
      headers,
      body: config.data == null || config.method?.toLowerCase() === "get" ? undefined : (config.data as string),
    }),
  );
  const text = await res.text();
  let data: unknown = text;
  try {
    data = text ? JSON.parse(text) : undefined;
  } catch {
    // not JSON: keep the text
  }
  const response = { data, status: res.status, statusText: res.statusText, headers: Object.fromEntries(res.headers), config, request: {} };
  if (res.status >= 200 && res.status < 300) return response;
  throw new AxiosError(`Request failed with status code ${res.status}`, AxiosError.ERR_BAD_RESPONSE, config, {}, response);
};

/** The typed client for server components, acting as the signed-in visitor (session cookie). */
export async function serverHttp(): Promise<{ http: AxiosInstance; token: string | undefined }> {
  const token = (await cookies()).get(sessionCookieName())?.value;
  const http = createHttpClient({ baseURL: "/api", getToken: () => token, adapter: inProcessAdapter, retries: 0 });
  return { http, token };
}
