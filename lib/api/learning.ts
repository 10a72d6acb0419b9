import { queryOptions } from "@tanstack/react-query";
import type { HttpClient } from "./client";
import type { CallBody, CallQuery } from "@/lib/contract/call";
import * as calls from "./call-routes";
import { callApi, http as browserHttp, sendKeepalive } from "./client";

type Q<C> = CallQuery<C>;

// Each fetcher takes an optional client: server components pass the pages' one (lib/server/page-calls.ts), the browser uses its own.

export const learningQueries = {
  resolveCourseSlugs: (query: Q<typeof calls.resolveCourseSlugs>, client: HttpClient = browserHttp) =>
    queryOptions({ queryKey: ["learn", "slug-ids", query], queryFn: () => callApi(calls.resolveCourseSlugs, { query }, client) }),
  getVideoTree: (courseId: string, client: HttpClient = browserHttp) =>
    queryOptions({ queryKey: ["learn", "tree", courseId], queryFn: () => callApi(calls.getVideoTree, { query: { id: courseId } }, client) }),
  getVideoData: (query: Q<typeof calls.getVideoData>, client: HttpClient = browserHttp) =>
    queryOptions({ queryKey: ["learn", "data", query], queryFn: () => callApi(calls.getVideoData, { query }, client) }),
  getVideoBreadcrumb: (query: Q<typeof calls.getVideoBreadcrumb>, client: HttpClient = browserHttp) =>
    queryOptions({ queryKey: ["learn", "breadcrumb", query], queryFn: () => callApi(calls.getVideoBreadcrumb, { query }, client) }),
  navigateVideo: (query: Q<typeof calls.navigateVideo>, client: HttpClient = browserHttp) =>
    queryOptions({ queryKey: ["learn", "navigate", query], queryFn: () => callApi(calls.navigateVideo, { query }, client) }),
  getLastVisitedNode: (courseId: string, client: HttpClient = browserHttp) =>
    queryOptions({
      queryKey: ["learn", "last-chapter", courseId],
      queryFn: () => callApi(calls.getLastVisitedNode, { query: { courseId } }, client),
    }),
  getVideoLike: (query: Q<typeof calls.getVideoLike>) =>
    queryOptions({ queryKey: ["learn", "like", query], queryFn: () => callApi(calls.getVideoLike, { query }) }),
  getCourseOffer: (query: Q<typeof calls.getCourseOffer>) => queryOptions({ queryKey: ["learn", "mini", query], queryFn: () => callApi(calls.getCourseOffer, { query }) }),
  getManualCompletion: (query: Q<typeof calls.getManualCompletion>) =>
    queryOptions({
      queryKey: ["learn", "manual-completion", query],
      queryFn: () => callApi(calls.getManualCompletion, { query }),
    }),
};

export const setVideoLike = (body: CallBody<typeof calls.setVideoLike>) => callApi(calls.setVideoLike, { body });
export const markVideoComplete = (body: CallBody<typeof calls.markVideoComplete>) => callApi(calls.markVideoComplete, { body });
export const recordPurchaseIntent = (body: CallBody<typeof calls.recordPurchaseIntent>) => callApi(calls.recordPurchaseIntent, { body });

export type WatchRecordBody = CallBody<typeof calls.recordVideoWatch>;
/** A watch record as the browser's queue keeps it: the call's body and the idempotency key it is sent with every time. */
export type QueuedWatchRecord = WatchRecordBody & { idempotencyKey: string };

/** Sends a queued watch record once (the queue owns the retries); safe to repeat, with its key in the Idempotency-Key header. */
export function recordVideoWatch({ idempotencyKey, ...body }: QueuedWatchRecord) {
  return callApi(calls.recordVideoWatch, { body, idempotencyKey, retry: false });
}
/** The same call for a page that is closing: sent with keepalive, so it leaves even as the page goes. */
export function recordVideoWatchOnExit({ idempotencyKey, ...body }: QueuedWatchRecord) {
  return sendKeepalive(calls.recordVideoWatch, body, { idempotencyKey });
}
