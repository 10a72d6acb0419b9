import type { VideoPlace } from "./fixtures";

/** A GET call of the API the budgets cover, addressed with the ids of one video. */
export interface BenchCall {
  name: string;
  /** Path under /api, with its query. */
  path: string;
}

export function benchCalls(place: VideoPlace): BenchCall[] {
  const data = new URLSearchParams({
    id: place.videoId,
    type: "video",
    courseId: place.courseId,
    chapterId: place.chapterId,
    subChapterId: place.subChapterId,
  });
  return [
    { name: "GET /user/info", path: "/user/info" },
    { name: "GET /dashboard/getDashboardCoursesDetails", path: "/dashboard/getDashboardCoursesDetails" },
    { name: "GET /course/video/tree", path: `/course/video/tree?id=${encodeURIComponent(place.courseId)}` },
    { name: "GET /course/video/data", path: `/course/video/data?${data.toString()}` },
  ];
}

/** The learning-path calls, for a program the learner takes: their SQL statements are counted (not load-tested). */
export const learningPathCalls = (programId: string): [string, string][] => [
  ["GET /course/course/bundle/progress", `/course/course/bundle/progress?bundleId=${encodeURIComponent(programId)}`],
  ["GET /dashboard/getLearningPathProgress", "/dashboard/getLearningPathProgress"],
  ["GET /dashboard/program/programId", "/dashboard/program/programId"],
];

/** The API's answer to a call it does not serve (see app.notFound). */
export const isNotServed = (status: number, body: unknown) =>
  status === 404 && typeof body === "object" && body !== null && String((body as { message?: unknown }).message ?? "").startsWith("No API call");
