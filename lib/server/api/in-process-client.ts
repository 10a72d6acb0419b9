import "server-only";
import { cookies } from "next/headers";
import { createHttpClient, type HttpClient } from "@/lib/api/client";
import { serverEnv } from "@/lib/env";
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
 * The typed client for server components, acting as the signed-in visitor (session cookie): its
 * requests go straight to the Hono app without a network hop, through the same routes, session
 * check and validation as a browser's request.
 */
export async function serverHttp(): Promise<{ http: HttpClient; token: string | undefined }> {
  const token = (await cookies()).get(sessionCookieName(serverEnv().APP_ENV))?.value;
  const http = createHttpClient({ baseURL: "/api", getToken: () => token, fetch: inProcessApiFetch, retries: 0 });
  return { http, token };
}
