import { queryOptions } from "@tanstack/react-query";
import type { HttpClient } from "./client";
import type { CallBody, CallResponse } from "@/lib/contract/call";
import * as calls from "./call-routes";
import { callApi, http as browserHttp } from "./client";

// The studio's group session calls (docs/meetings.md, "In the studio"), for administrators.

export const studioSessionsQueries = {
  all: ["studio", "sessions"] as const,
  listSessions: (range: "upcoming" | "past", cursor: string | undefined, client: HttpClient = browserHttp) =>
    queryOptions({
      queryKey: ["studio", "sessions", "list", range, cursor ?? null],
      queryFn: () => callApi(calls.listSessions, { query: { range, limit: 50, ...(cursor ? { cursor } : {}) } }, client),
    }),
  listSessionCourses: (client: HttpClient = browserHttp) =>
    queryOptions({ queryKey: ["studio", "sessions", "courses"], queryFn: () => callApi(calls.listSessionCourses, {}, client), staleTime: 60_000 }),
  getSession: (id: string, client: HttpClient = browserHttp) =>
    queryOptions({ queryKey: ["studio", "sessions", "session", id], queryFn: () => callApi(calls.getSession, { query: { id } }, client), retry: false }),
};

export type StudioSession = CallResponse<typeof calls.getSession>["session"];
export type SessionRegistrant = CallResponse<typeof calls.getSession>["registrants"][number];

export const createSession = (body: CallBody<typeof calls.createSession>) => callApi(calls.createSession, { body });

export const updateSession = (body: CallBody<typeof calls.updateSession>) => callApi(calls.updateSession, { body });

export const cancelSession = (body: CallBody<typeof calls.cancelSession>) => callApi(calls.cancelSession, { body });
