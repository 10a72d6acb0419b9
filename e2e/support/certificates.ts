import { readFileSync } from "node:fs";
import path from "node:path";
import { expect, type APIRequestContext } from "@playwright/test";
import YAML from "yaml";

/** The demo course finished in the browser tests: five videos and one multiple-choice block. */
export const PYTHON = { slugId: "python-for-engineers", firstVideo: "installing-python-vscode", name: "Python for Engineers" };

interface TreeItem {
  id: string;
  type: "video" | "mcqBlock" | "essayBlock";
  durationInMinutes: number;
}

export interface EarnedCertificate {
  certificateUID: string;
  url: string;
  /** The share page's path on this site. */
  path: string;
  userName: string;
}

function api(request: APIRequestContext, token: string) {
  const headers = { authorization: `Bearer ${token}` };
  return {
    get: async (path: string) => {
      const res = await request.get(`/api${path}`, { headers });
      expect(res.status(), `GET ${path}: ${await res.text()}`).toBe(200);
      return res.json();
    },
    post: async (path: string, data: unknown, idempotencyKey?: string) => {
      const res = await request.post(`/api${path}`, { headers: idempotencyKey ? { ...headers, "Idempotency-Key": idempotencyKey } : headers, data });
      expect(res.status(), `POST ${path}: ${await res.text()}`).toBe(200);
      return res.json();
    },
  };
}

/** The course's id and tree, enrolling the learner when needed (through their batch). */
export async function courseTree(request: APIRequestContext, token: string, course = PYTHON) {
  const call = api(request, token);
  const ids = (await call.get(`/course/video/slug/courseIds?videoCourseSlugId=${course.slugId}&nodeSlugId=${course.firstVideo}`)) as { courseId: string };
  await call.post("/course/createEnrollment", { courseId: ids.courseId });
  const tree = (await call.get(`/course/video/tree?id=${ids.courseId}`)) as { id: string; versionId: string; chapters: { subChapters: { items: TreeItem[] }[] }[] };
  return { tree, items: tree.chapters.flatMap((c) => c.subChapters.flatMap((s) => s.items)) };
}

/**
 * Completes every video of a demo course through the API: marked complete where the learner's batch
 * allows it, else watched whole (watch records every 2 seconds).
 */
export async function completeVideos(request: APIRequestContext, token: string, how: "mark" | "watch", course = PYTHON) {
  const call = api(request, token);
  const { tree, items } = await courseTree(request, token, course);
  for (const video of items.filter((i) => i.type === "video")) {
    if (how === "mark") {
      await call.post("/course/video/markAsComplete", { courseId: tree.id, videoId: video.id });
    } else {
      const seconds = Math.round(video.durationInMinutes * 60);
      const timeStamp = Array.from({ length: Math.floor(seconds / 2) + 1 }, (_, i) => Math.min(i * 2, seconds));
      await call.post(
        "/user/addVideoWatchRecord",
        { courseId: tree.id, versionId: tree.versionId, videoId: video.id, watchDuration: { timeStamp, totalDuration: seconds } },
        `e2e-certificate-${video.id}`,
      );
    }
  }
}

/** The right options of every question of a demo course's quizzes, by question text, read from its content file. */
function rightAnswers(course: { slugId: string }): Map<string, string[]> {
  const file = YAML.parse(readFileSync(path.join(process.cwd(), "content/demo/courses", `${course.slugId}.yaml`), "utf8")) as unknown;
  const right = new Map<string, string[]>();
  const walk = (node: unknown): void => {
    if (Array.isArray(node)) return node.forEach(walk);
    if (!node || typeof node !== "object") return;
    const q = node as { question?: unknown; options?: { value: unknown; correct?: boolean }[] };
    if (typeof q.question === "string" && Array.isArray(q.options)) right.set(q.question, q.options.filter((o) => o.correct).map((o) => String(o.value)));
    Object.values(node).forEach(walk);
  };
  walk(file);
  return right;
}

/**
 * Passes every multiple-choice block of the course through the API: starts it, chooses the right
 * options (from the demo content) and submits it; a course needs its quizzes passed (docs/completion.md).
 */
export async function completeQuizzes(request: APIRequestContext, token: string, course = PYTHON) {
  const call = api(request, token);
  const { tree, items } = await courseTree(request, token, course);
  const right = rightAnswers(course);
  for (const quiz of items.filter((i) => i.type === "mcqBlock")) {
    const body = { courseId: tree.id, mcqBlockId: quiz.id };
    const block = (await call.post("/course/video/mcqBlock/start", body)) as { questions: { id: string; question: string; options: { id: string; value: string }[] }[] };
    for (const q of block.questions) {
      const ids = q.options.filter((o) => right.get(q.question)?.includes(o.value)).map((o) => o.id);
      await call.post("/course/video/mcq/answer", { ...body, mcq: q.id, selectedOptionIds: ids }, `e2e-quiz-${q.id}`);
    }
    await call.post("/course/video/mcqBlock/submit", body);
  }
}

/** The learner's issued certificate of a course, as their list gives it. */
export async function certificateOf(request: APIRequestContext, token: string, courseName = PYTHON.name): Promise<EarnedCertificate> {
  const list = (await api(request, token).get("/course/getCertificates")) as (EarnedCertificate & { courseName: string; certificateUID: string | null })[];
  const found = list.find((c) => c.courseName === courseName && c.certificateUID);
  expect(found, `an issued certificate of ${courseName}`).toBeDefined();
  return { certificateUID: found!.certificateUID, url: found!.url, userName: found!.userName, path: new URL(found!.url).pathname };
}
