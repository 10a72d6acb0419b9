import { http as mswHttp, HttpResponse } from "msw";
import { setupServer } from "msw/node";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { callApi, createHttpClient } from "@/lib/api/client";
import { badgeNames, subscribeNewBadges } from "@/lib/browser/badge-announcements";
import { recordVideoWatch } from "@/lib/api/call-routes";
import type { Badge } from "@/lib/contract/entities/achievements";

const base = "http://api.test/api";
const server = setupServer();
beforeAll(() => server.listen({ onUnhandledRequest: "error" }));
afterEach(() => server.resetHandlers());
afterAll(() => server.close());

const record = {
  id: "p1",
  courseId: "c1",
  versionId: "v1",
  videoId: "vid1",
  completed: true,
  watchDuration: { timeStamp: [600], totalDuration: 600 },
  updatedAt: "2026-03-01T10:00:00.000Z",
  watchedRanges: [[0, 600]],
  resumeAtSeconds: 0,
};
const firstVideo: Badge = { id: "first-video", name: "First video", description: "Complete your first video.", imageUrl: "/badges/first-video.svg", isEarned: true, earnedAt: "2026-03-01T10:00:00.000Z" };
const body = { courseId: "c1", versionId: "v1", videoId: "vid1", watchDuration: { timeStamp: [0, 600], totalDuration: 600 } };

async function send(answer: object) {
  server.use(mswHttp.post(`${base}/user/addVideoWatchRecord`, () => HttpResponse.json(answer)));
  const heard: Badge[][] = [];
  const stop = subscribeNewBadges((badges) => heard.push(badges));
  await callApi(recordVideoWatch, { body }, createHttpClient({ baseURL: base, getToken: () => "tok-123" }));
  stop();
  return heard;
}

describe("badges announced by an action's answer", () => {
  it("tells the page the badges a watch record earned", async () => {
    expect(await send({ ...record, newBadges: [firstVideo] })).toEqual([[firstVideo]]);
  });

  it("tells nothing when the answer names none", async () => {
    expect(await send(record)).toEqual([]);
  });

  it("words the toast with every badge earned together", () => {
    expect(badgeNames([firstVideo])).toBe("First video");
    expect(badgeNames([firstVideo, { name: "First course" }])).toBe("First video, First course");
  });
});
