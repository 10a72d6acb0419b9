import type { VideoPlace } from "./fixtures";

/** Who sends a call: the signed-in learner, a signed-in grader, or anyone. */
export type Caller = "learner" | "grader" | "anyone";

/**
 * What a call's figures are held to: p95 at 1 connection within 2 ms of the one-query baseline, and
 * (with a bare twin) requests/s at 10 connections against the twin's; "report" calls are shown only.
 */
export type CallBudget = "p95" | "p95+twin" | "report";

/** A GET the bench loads. */
export interface BenchCall {
  key: string;
  name: string;
  /** Path under /api (or, for a page route, from the site's root), with its query. */
  path: string;
  caller: Caller;
  budget: CallBudget;
  connections: number[];
  /** The path of the call's bare twin on the twin server (see bench/twins.ts). */
  twin?: string;
  /** A route of the Next app rather than the API: not served by the standalone API. */
  page?: boolean;
}

/** One URL the load generator hits, with its headers. */
export interface LoadTarget {
  key: string;
  name: string;
  path: string;
  url: string;
  headers: Record<string, string>;
  connections: number[];
  budget: CallBudget;
}

export const BASELINE_KEY = "baseline";
export const twinKey = (key: string) => `${key} twin`;

/** The video calls, addressed to one video; the SQL count addresses them to a small and a large course. */
export function videoCalls(place: VideoPlace): BenchCall[] {
  const data = new URLSearchParams({
    id: place.videoId,
    type: "video",
    courseId: place.courseId,
    chapterId: place.chapterId,
    subChapterId: place.subChapterId,
  });
  const tree = `?id=${encodeURIComponent(place.courseId)}`;
  return [
    { key: "tree", name: "GET /course/video/tree", path: `/course/video/tree${tree}`, caller: "learner", budget: "p95+twin", connections: [1, 10], twin: `/bench/twin/tree${tree}` },
    { key: "data", name: "GET /course/video/data", path: `/course/video/data?${data}`, caller: "learner", budget: "p95+twin", connections: [1, 10], twin: `/bench/twin/data?${data}` },
  ];
}

/** The learning-path calls, for a program the learner takes: their SQL statements are counted (not load-tested). */
export const learningPathCalls = (programId: string): [string, string][] => [
  ["GET /course/course/bundle/progress", `/course/course/bundle/progress?bundleId=${encodeURIComponent(programId)}`],
  ["GET /dashboard/getLearningPathProgress", "/dashboard/getLearningPathProgress"],
  ["GET /dashboard/program/programId", "/dashboard/program/programId"],
];

/** The learner's calls that take no course. */
export const learnerCalls: BenchCall[] = [
  { key: "user", name: "GET /user/info", path: "/user/info", caller: "learner", budget: "p95", connections: [1] },
  { key: "dashboard", name: "GET /dashboard/getDashboardCoursesDetails", path: "/dashboard/getDashboardCoursesDetails", caller: "learner", budget: "p95", connections: [1] },
  { key: "certificates", name: "GET /course/getCertificates", path: "/course/getCertificates", caller: "learner", budget: "report", connections: [1] },
  { key: "meetings", name: "GET /GroupMeeting/meetings", path: "/GroupMeeting/meetings?rangeType=upcoming", caller: "learner", budget: "report", connections: [1] },
  { key: "achievements", name: "GET /dashboard/getAchievementsDetails", path: "/dashboard/getAchievementsDetails?timeZone=Asia%2FKolkata", caller: "learner", budget: "report", connections: [1] },
];

/** The grader's list of submitted essays. */
export const graderCalls: BenchCall[] = [
  { key: "grading", name: "GET /course/course/submission", path: "/course/course/submission", caller: "grader", budget: "report", connections: [1] },
];

/** The public calls of one certificate: its data and the preview image its share page gives to link previews. */
export function certificateCalls(certificateUID: string): BenchCall[] {
  const id = encodeURIComponent(certificateUID);
  return [
    { key: "public certificate", name: "GET /course/getCertificateById", path: `/course/getCertificateById?certificateUID=${id}`, caller: "anyone", budget: "report", connections: [1] },
    { key: "certificate image", name: "certificate share image (PNG render)", path: `/certificates/course/${id}/image.png`, caller: "anyone", budget: "report", connections: [1], page: true },
  ];
}

/** Every call the bench loads on one server, the one-query baseline first. */
export function benchCalls(place: VideoPlace, certificateUID: string | null): BenchCall[] {
  return [
    { key: BASELINE_KEY, name: "GET /bench/baseline (session check + 1 query)", path: "/bench/baseline", caller: "learner", budget: "report", connections: [1, 10] },
    ...videoCalls(place),
    ...learnerCalls,
    ...graderCalls,
    ...(certificateUID ? certificateCalls(certificateUID) : []),
  ];
}

/** The load targets of a server: each call (a page route only on Next), and the bare twins of those that have one. */
export function loadTargets(
  calls: BenchCall[],
  server: { origin: string; twinOrigin: string; next: boolean },
  tokens: Record<Exclude<Caller, "anyone">, string>,
): LoadTarget[] {
  const headersOf = (caller: Caller): Record<string, string> => ({
    "accept-encoding": "gzip",
    ...(caller === "anyone" ? {} : { authorization: `Bearer ${tokens[caller]}` }),
  });
  const targets: LoadTarget[] = [];
  for (const call of calls) {
    if (call.page && !server.next) continue;
    const url = `${server.origin}${call.page ? "" : "/api"}${call.path}`;
    targets.push({ key: call.key, name: call.name, path: call.path, url, headers: headersOf(call.caller), connections: call.connections, budget: call.budget });
    if (call.twin) {
      targets.push({ key: twinKey(call.key), name: `${call.name} bare twin`, path: call.twin, url: `${server.twinOrigin}${call.twin}`, headers: headersOf(call.caller), connections: call.connections, budget: "report" });
    }
  }
  return targets;
}

/** The API's answer to a call it does not serve (see app.notFound). */
export const isNotServed = (status: number, body: unknown) =>
  status === 404 && typeof body === "object" && body !== null && String((body as { message?: unknown }).message ?? "").startsWith("No API call");
