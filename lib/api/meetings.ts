import { keepPreviousData, queryOptions } from "@tanstack/react-query";
import type { HttpClient } from "./client";
import type { CallQuery } from "@/lib/contract/call";
import * as calls from "./call-routes";
import { callApi, http as browserHttp } from "./client";

export type MeetingListQuery = CallQuery<typeof calls.listMeetings>;

// Sessions move from upcoming to live to past, and join links open, as time passes: lists are asked
// for again every half minute while the page is open.
const REFRESH_MS = 30_000;

export const meetingsQueries = {
  /** Every query of the sessions lists starts with this key, so a registration can refresh them all. */
  listKey: ["meetings", "list"] as const,
  listMeetings: (query: MeetingListQuery, client: HttpClient = browserHttp) =>
    queryOptions({
      queryKey: ["meetings", "list", query],
      queryFn: () => callApi(calls.listMeetings, { query }, client),
      staleTime: 10_000,
      refetchInterval: REFRESH_MS,
      placeholderData: keepPreviousData,
    }),
  listMeetingCourses: (client: HttpClient = browserHttp) =>
    queryOptions({ queryKey: ["meetings", "course-names"], queryFn: () => callApi(calls.listMeetingCourses, {}, client), staleTime: 60_000 }),
};

export const registerForMeeting = (meetingId: string) => callApi(calls.registerForMeeting, { query: { meetingId } });
export const cancelMeetingRegistration = (meetingId: string) => callApi(calls.cancelMeetingRegistration, { query: { meetingId } });

/** The file name the server gives in Content-Disposition, else a plain one. */
function fileNameOf(disposition: unknown): string {
  const header = typeof disposition === "string" ? disposition : "";
  const encoded = /filename\*=UTF-8''([^;]+)/i.exec(header)?.[1];
  if (encoded) {
    try {
      return decodeURIComponent(encoded);
    } catch {
      // fall through to the plain name
    }
  }
  return /filename="([^"]+)"/i.exec(header)?.[1] ?? "group-session.ics";
}

/** Fetches a session's calendar file (the request carries the session token) and hands it to the browser as a download. */
export async function getMeetingCalendar(meetingId: string, client: HttpClient = browserHttp): Promise<void> {
  const res = await client.request<string>({ method: "GET", url: calls.getMeetingCalendar.fullPath, params: { meetingId }, responseType: "text" });
  const calendar = res.data;
  const url = URL.createObjectURL(new Blob([calendar], { type: "text/calendar;charset=utf-8" }));
  const link = document.createElement("a");
  link.href = url;
  link.download = fileNameOf(res.headers.get("content-disposition"));
  document.body.append(link);
  link.click();
  link.remove();
  // The browser has taken the file once the click is handled; the address is freed a little later.
  setTimeout(() => URL.revokeObjectURL(url), 30_000);
}
