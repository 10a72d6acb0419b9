import { queryOptions } from "@tanstack/react-query";
import type { HttpClient } from "./client";
import type { CallBody, CallQuery } from "@/lib/contract/call";
import {
  addVideoWatchRecord,
  getCourseLastChapterData,
  getEnableManualVideoCompletion,
  getVideoBreadcrumb,
  getVideoData,
  getVideoLikeStatus,
  getVideoMini,
  getVideoNavigate,
  getVideoSlugCourseIds,
  getVideoTree,
  postVideoLike,
  postVideoMarkAsComplete,
  postVideoPurchaseCallback,
} from "./call-routes";
import { callApi, http as browserHttp, sendKeepalive } from "./client";

type Q<C> = CallQuery<C>;

// Each fetcher takes an optional client: server components pass the pages' one (lib/server/page-calls.ts), the browser uses its own.

export const learnQueries = {
  slugIds: (query: Q<typeof getVideoSlugCourseIds>, client: HttpClient = browserHttp) =>
    queryOptions({ queryKey: ["learn", "slug-ids", query], queryFn: () => callApi(getVideoSlugCourseIds, { query }, client) }),
  tree: (courseId: string, client: HttpClient = browserHttp) =>
    queryOptions({ queryKey: ["learn", "tree", courseId], queryFn: () => callApi(getVideoTree, { query: { id: courseId } }, client) }),
  data: (query: Q<typeof getVideoData>, client: HttpClient = browserHttp) =>
    queryOptions({ queryKey: ["learn", "data", query], queryFn: () => callApi(getVideoData, { query }, client) }),
  breadcrumb: (query: Q<typeof getVideoBreadcrumb>, client: HttpClient = browserHttp) =>
    queryOptions({ queryKey: ["learn", "breadcrumb", query], queryFn: () => callApi(getVideoBreadcrumb, { query }, client) }),
  navigate: (query: Q<typeof getVideoNavigate>, client: HttpClient = browserHttp) =>
    queryOptions({ queryKey: ["learn", "navigate", query], queryFn: () => callApi(getVideoNavigate, { query }, client) }),
  lastChapter: (courseId: string, client: HttpClient = browserHttp) =>
    queryOptions({
      queryKey: ["learn", "last-chapter", courseId],
      queryFn: () => callApi(getCourseLastChapterData, { query: { courseId } }, client),
    }),
  likeStatus: (query: Q<typeof getVideoLikeStatus>) =>
    queryOptions({ queryKey: ["learn", "like", query], queryFn: () => callApi(getVideoLikeStatus, { query }) }),
  mini: (query: Q<typeof getVideoMini>) => queryOptions({ queryKey: ["learn", "mini", query], queryFn: () => callApi(getVideoMini, { query }) }),
  manualCompletion: (query: Q<typeof getEnableManualVideoCompletion>) =>
    queryOptions({
      queryKey: ["learn", "manual-completion", query],
      queryFn: () => callApi(getEnableManualVideoCompletion, { query }),
    }),
};

export const likeVideo = (body: CallBody<typeof postVideoLike>) => callApi(postVideoLike, { body });
export const markVideoComplete = (body: CallBody<typeof postVideoMarkAsComplete>) => callApi(postVideoMarkAsComplete, { body });
export const recordPurchaseIntent = (body: CallBody<typeof postVideoPurchaseCallback>) => callApi(postVideoPurchaseCallback, { body });

export type WatchRecordBody = CallBody<typeof addVideoWatchRecord>;
/** A watch record as the browser's queue keeps it: the call's body and the idempotency key it is sent with every time. */
export type QueuedWatchRecord = WatchRecordBody & { idempotencyKey: string };

/** Sends a queued watch record once (the queue owns the retries); safe to repeat, with its key in the Idempotency-Key header. */
export function sendWatchRecord({ idempotencyKey, ...body }: QueuedWatchRecord) {
  return callApi(addVideoWatchRecord, { body, idempotencyKey, retry: false });
}
/** The same call for a page that is closing: sent with keepalive, so it leaves even as the page goes. */
export function sendWatchRecordOnExit({ idempotencyKey, ...body }: QueuedWatchRecord) {
  return sendKeepalive(addVideoWatchRecord, body, { idempotencyKey });
}
