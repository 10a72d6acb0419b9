import { afterAll, beforeAll, describe, it, expect } from "vitest";
import { z } from "zod";
import {
  recordVideoWatch,
  allCalls,
  callModules,
  callsByName,
  fullPath,
  listSubmissions,
  getLearningPathProgress,
  listMeetings,
  listAllCourses,
  getRedirectionNodeKey,
  finishLogin,
  getUserProfile,
  isServed,
  requestSignInLink,
  logout,
  submitEssayBlock,
  removeDuplicateEnrollments,
  recordUserEvent,
} from "@/lib/contract";
import { mcqBlock, mcqOption } from "@/lib/contract/entities/challenges";
import { treeNode, watchDuration } from "@/lib/contract/entities/learning";
import { meeting } from "@/lib/contract/entities/meetings";
import { idempotencyKey } from "@/lib/contract/entities/shared";
import { buildOpenApiDocument } from "@/lib/contract/openapi";
import { createTestApi, type TestApi } from "../support/api";
import { implementedCalls } from "../support/implemented-calls";

/**
 * The calls of the spec the API does not serve yet. This list may only shrink: a call leaves it when
 * its route lands (the contract's `served: false` goes with it), and no new unserved call may appear.
 */
const NOT_SERVED_YET: string[] = [];
type OpenApiDoc = {
  openapi: string;
  paths: Record<string, Record<string, { operationId: string; parameters?: { name: string }[]; responses: Record<string, unknown>; security: unknown[] }>>;
  components: { schemas: Record<string, unknown> };
};

const messages = (result: { success: boolean; error?: z.ZodError }) => result.error?.issues.map((i) => i.message) ?? [];

const validRecord = {
  courseId: "c1",
  versionId: "v1",
  videoId: "vid1",
  watchDuration: { timeStamp: [0, 5, 10], totalDuration: 12 },
};

describe("the list of calls", () => {
  let t: TestApi;
  let served: string[];
  beforeAll(async () => {
    t = await createTestApi();
    // Asks the real app: a call it does not route answers 404 "No API call …".
    served = (await implementedCalls(t)).map((c) => `${c.method} ${fullPath(c)}`);
  });
  afterAll(() => t.close());

  it("holds every exported call of every area, the sign-in calls included", () => {
    const exported = Object.values(callModules).flatMap((m) => Object.values(m));
    for (const call of exported.filter((v) => typeof v === "object" && v !== null && "method" in v)) expect(allCalls).toContain(call);
    for (const call of [requestSignInLink, finishLogin, logout, getUserProfile, recordUserEvent, recordVideoWatch]) {
      expect(allCalls).toContain(call);
    }
    expect(Object.keys(callsByName)).toHaveLength(allCalls.length);
  });

  it("gives every method and full path to one call only", () => {
    const keys = allCalls.map((c) => `${c.method} ${fullPath(c)}`);
    expect(new Set(keys).size).toBe(keys.length);
  });

  it("has every call of the spec in the contract, at the spec's path", () => {
    const spec = [
      "POST /auth/login/invite", "POST /auth/finishLogin", "GET /user/info", "POST /user/events", "POST /user/addVideoWatchRecord",
      "GET /course/program/count", "GET /course/program/courses/onProgress", "GET /course/program/courses/all",
      "GET /course/program/courses/bundled", "GET /course/program/courses/bundledId", "GET /course/getCourseLastChapterData",
      "POST /course/createEnrollment", "GET /course/video/slug/courseIds", "GET /course/video/playlist",
      "POST /course/program/autoEnrollment", "POST /course/program/scheduleEnrollment", "GET /course/tree/stats",
      "GET /course/video/tree", "GET /course/video/data", "GET /course/video/breadcrumb", "GET /course/node/breadcrumbs",
      "GET /course/video/navigate", "GET /course/node/navigate", "POST /course/video/markAsComplete",
      "GET /course/video/like/status", "POST /course/video/like", "GET /course/video/essayBlock/data",
      "GET /course/video/mcqBlock/data", "GET /course/getVideoTimestamp", "POST /course/video/mcqBlock/start",
      "POST /course/video/mcqBlock/submit", "POST /course/video/mcq/answer", "POST /course/video/essayBlock/start",
      "POST /course/video/essayBlock/submit", "GET /course/course/essay/user", "GET /course/course/essayCourse",
      "GET /course/account/name", "GET /course/course/submission", "GET /course/course/submission/details",
      "GET /course/course/video/complete/status", "GET /course/video/essayBlockState", "GET /course/video/mcqBlockState",
      "POST /course/program/remove/duplicate", "GET /course/video/progress", "GET /course/course/bundle/progress",
      "GET /course/enableManualVideoCompletion", "POST /course/program/enrollment", "GET /course/getCertificates",
      "GET /course/getCertificateById", "POST /course/getRedirectionNodeKey", "GET /course/video/mini",
      "POST /course/video/purchaseCallback",
      "GET /dashboard/getDashboardCoursesDetails", "POST /dashboard/generateCertificates", "GET /dashboard/courseOrProgram/details",
      "GET /dashboard/getCourseDomainsForFilters", "GET /dashboard/getAchievementsDetails", "GET /dashboard/continueLearning",
      "GET /dashboard/purchased/all", "GET /dashboard/programs", "GET /dashboard/getLearningPathProgress",
      "GET /dashboard/program/programId", "GET /dashboard/careerServices/statistics", "GET /dashboard/careerServices",
      "POST /GroupMeeting/group/grow/registration", "GET /GroupMeeting/meetings", "GET /GroupMeeting/filters/course-names",
      "GET /node/tree", "GET /node/data",
    ];
    expect(allCalls.map((c) => `${c.method} ${fullPath(c)}`)).toEqual(expect.arrayContaining(spec));
    // Signing in, the browser log (errors happen before signing in), and what a certificate's public page and its
    // verifiers read (the certificate, its status, the issuer's keys), and a notification e-mail's unsubscribe link
    // are the only calls without a session.
    const open = [
      "/auth/login/invite", "/auth/finishLogin", "/log", "/user/notifications/unsubscribe",
      "/course/getCertificateById", "/course/getCertificateStatus", "/.well-known/jwks.json", "/.well-known/did.json",
    ];
    for (const call of allCalls) expect(call.access === "anonymous", fullPath(call)).toBe(open.includes(fullPath(call)));
  });

  it("is served by the app at the contract's path exactly for the calls the contract marks served", () => {
    const marked = allCalls.filter(isServed).map((c) => `${c.method} ${fullPath(c)}`);
    expect([...served].sort()).toEqual([...marked].sort());
  });

  it("leaves unserved only calls of the known list, which may only shrink", () => {
    const unserved = Object.entries(callsByName).filter(([, c]) => !isServed(c)).map(([name]) => name);
    for (const name of unserved) expect(NOT_SERVED_YET, `${name} is not served and not on the list`).toContain(name);
    // A call that is served must leave the list, so the list always says what is missing.
    for (const name of NOT_SERVED_YET) expect(unserved, `${name} is served now: take it off NOT_SERVED_YET`).toContain(name);
  });

  it("spells paths as the spec does", () => {
    expect(fullPath(listSubmissions)).toBe("/course/course/submission");
    expect(fullPath(listMeetings)).toBe("/GroupMeeting/meetings");
    expect(fullPath(callsByName.listCoursesOnProgress!)).toBe("/course/program/courses/onProgress");
    expect(fullPath(callsByName.getNodeTree!)).toBe("/node/tree");
    expect(fullPath(recordVideoWatch)).toBe("/user/addVideoWatchRecord");
  });

  it("answers 201 where the spec says so", () => {
    expect(getRedirectionNodeKey.status).toBe(201);
    expect(finishLogin.status).toBe(201);
  });

  it("uses query for GET and never a body", () => {
    for (const call of allCalls.filter((c) => c.method === "GET")) expect(call.body).toBeUndefined();
  });
});

describe("the OpenAPI document", () => {
  const doc = buildOpenApiDocument() as OpenApiDoc;

  it("describes the calendar download as text/calendar and the registration's cancel as DELETE", () => {
    const calendar = doc.paths["/api/GroupMeeting/meetings/calendar"]!.get!.responses["200"] as { content: Record<string, unknown> };
    expect(Object.keys(calendar.content)).toEqual(["text/calendar"]);
    expect(Object.keys(doc.paths["/api/GroupMeeting/group/grow/registration"]!).sort()).toEqual(["delete", "post"]);
  });

  it("is OpenAPI 3.1 and survives a JSON round trip", () => {
    expect(doc.openapi).toMatch(/^3\.1\./);
    expect(JSON.parse(JSON.stringify(doc))).toEqual(doc);
  });

  it("has an operation for every call, with the error answers and the session rule", () => {
    for (const [name, call] of Object.entries(callsByName)) {
      const op = doc.paths[`/api${fullPath(call)}`]?.[call.method.toLowerCase()];
      expect(op, `${call.method} ${fullPath(call)}`).toBeDefined();
      expect(op!.operationId).toBe(name);
      expect(Object.keys(op!.responses)).toEqual(
        expect.arrayContaining([String(call.status ?? 200), "400", "401", "403", "404", "429", "500"]),
      );
      expect(op!.security.length > 0).toBe(call.access !== "anonymous");
      expect((op as any)["x-served"]).toBe(isServed(call));
    }
  });

  it("keeps one component per named entity", () => {
    expect(Object.keys(doc.components.schemas).filter((n) => /(Input|Output)$/.test(n))).toEqual([]);
    expect(doc.components.schemas).toHaveProperty("TreeNode");
    expect(doc.components.schemas).toHaveProperty("ErrorBody");
  });

  it("describes the essay upload as a multipart form with a file and the essay's ids", () => {
    const op = doc.paths["/api/course/video/essayBlock/upload"]!.post as any;
    expect(Object.keys(op.requestBody.content)).toEqual(["multipart/form-data"]);
    const form = op.requestBody.content["multipart/form-data"].schema;
    expect(form.required).toEqual(expect.arrayContaining(["file", "essayBlockId", "courseId"]));
    expect(form.properties.file).toMatchObject({ type: "string" });
  });

  it("gives each idempotent call, and no other, the Idempotency-Key header as a parameter", () => {
    for (const [name, call] of Object.entries(callsByName)) {
      const op = doc.paths[`/api${fullPath(call)}`]![call.method.toLowerCase()]!;
      const header = op.parameters?.find((p) => p.name === "Idempotency-Key") as { in?: string; required?: boolean; schema?: { maxLength?: number } } | undefined;
      if (call.idempotent) expect(header, name).toMatchObject({ in: "header", required: false, schema: { type: "string", maxLength: 100 } });
      else expect(header, name).toBeUndefined();
    }
  });

  it("names array query parameters with []", () => {
    const names = doc.paths["/api/GroupMeeting/meetings"]!.get!.parameters!.map((p) => p.name);
    expect(names).toEqual(expect.arrayContaining(["courseIds[]", "rangeType", "pageNumber", "pageSize"]));
  });

  it("resolves every schema reference inside the document", () => {
    const text = JSON.stringify(doc);
    const refs = [...text.matchAll(/"\$ref":"([^"]+)"/g)].map((m) => m[1]!);
    expect(refs.length).toBeGreaterThan(0);
    for (const ref of refs) {
      expect(ref).toMatch(/^#\/components\/schemas\//);
      expect(doc.components.schemas[ref.slice("#/components/schemas/".length)], ref).toBeDefined();
    }
  });
});

describe("field rules of the spec", () => {
  it("wants totalDuration to be a whole number", () => {
    const bad = recordVideoWatch.body!.safeParse({ ...validRecord, watchDuration: { timeStamp: [], totalDuration: 1.5 } });
    expect(bad.success).toBe(false);
    expect(messages(bad)).toContain("totalDuration must be an integer");
    const notNumber = watchDuration.safeParse({ timeStamp: [], totalDuration: "12" });
    expect(messages(notNumber)).toContain("totalDuration must be an integer");
    expect(recordVideoWatch.body!.safeParse(validRecord).success).toBe(true);
    expect(watchDuration.parse({ timeStamp: [], totalDuration: 12 }).totalDuration).toBe(12);
  });

  it("coerces page number and size", () => {
    const q = listAllCourses.query!.parse({ pageNumber: "3", pageSize: "10" });
    expect(q.pageNumber).toBe(3);
    expect(q.pageSize).toBe(10);
  });

  it("reads isBootcamp as text that is true only when it says true", () => {
    const base = { essayBlockId: "e1", courseId: "c1", essayAnswer: "answer", isFinalSubmission: false };
    expect(submitEssayBlock.body!.parse({ ...base, isBootcamp: "TRUE" }).isBootcamp).toBe(true);
    expect(submitEssayBlock.body!.parse({ ...base, isBootcamp: "yes" }).isBootcamp).toBe(false);
  });

  it("wants a meeting join link to be a URL, and lets it be absent when it is not offered", () => {
    const m = {
      id: "m1",
      title: "Weekly session",
      courseId: null,
      courseName: null,
      meetingTakerName: "Asha",
      meetingTakerEmail: "asha@demo.test",
      startDate: "2030-01-01T10:00:00.000Z",
      endDate: "2030-01-01T11:00:00.000Z",
      duration: 60,
      timeZone: "Asia/Kolkata",
      description: "",
      isRegistered: false,
      joinLink: "not a url",
      joinOpensAt: "2030-01-01T09:45:00.000Z",
      order: 0,
      rangeType: "upcoming",
    };
    expect(meeting.safeParse(m).success).toBe(false);
    expect(meeting.safeParse({ ...m, joinLink: "javascript:alert(1)" }).success).toBe(false);
    expect(meeting.safeParse({ ...m, joinLink: "https://meet.example.com/abc" }).success).toBe(true);
    const withoutLink: Partial<typeof m> = { ...m };
    delete withoutLink.joinLink;
    expect(meeting.safeParse(withoutLink).success).toBe(true);
  });

  it("turns one courseIds value into a list", () => {
    expect(listMeetings.query!.parse({ courseIds: "c1" }).courseIds).toEqual(["c1"]);
    expect(listMeetings.query!.parse({ courseIds: ["c1", "c2"] }).courseIds).toEqual(["c1", "c2"]);
    expect(listMeetings.query!.parse({}).courseIds).toBeUndefined();
    expect(listSubmissions.query!.parse({ userIds: "u1" }).userIds).toEqual(["u1"]);
  });

  it("lets an MCQ option leave out isCorrect, as it does until the attempt is completed", () => {
    expect(mcqOption.safeParse({ id: "o1", value: "A" }).success).toBe(true);
    expect(mcqOption.safeParse({ id: "o1", value: "A", isSelectedByUser: true }).success).toBe(true);
    expect(mcqOption.safeParse({ id: "o1", value: "A", isCorrect: true, isSelectedByUser: false }).success).toBe(true);
    const block = mcqBlock.safeParse({
      id: "b1",
      title: "Quiz",
      chapterId: "ch1",
      chapterTitle: "Basics",
      durationInMinutes: 10,
      attemptStatus: "onProgress",
      totalScore: 2,
      obtainedScore: null,
      startedAt: "2030-01-01T10:00:00.000Z",
      endsAt: "2030-01-01T10:10:00.000Z",
      submittedAt: null,
      remainingTimeInSeconds: 300,
      isChallengeLocked: false,
      questions: [{ id: "q1", question: "2 + 2?", mark: 2, maxCorrectOptionsCount: 1, options: [{ id: "o1", value: "4" }] }],
      passMark: 60,
      attemptsAllowed: 2,
      attemptsUsed: 1,
      attemptsRemaining: 1,
      countingScore: null,
      isPassed: false,
    });
    expect(block.success).toBe(true);
  });

  it("limits idempotency keys to 100 characters", () => {
    expect(idempotencyKey.safeParse("k".repeat(100)).success).toBe(true);
    expect(idempotencyKey.safeParse("k".repeat(101)).success).toBe(false);
  });

  it("keeps idempotency keys out of request bodies: they travel in the Idempotency-Key header of idempotent calls", () => {
    const withKeyInBody = Object.entries(callsByName).filter(([, call]) => {
      const shape = (call.body as { shape?: Record<string, unknown> } | undefined)?.shape;
      return shape !== undefined && "idempotencyKey" in shape;
    });
    expect(withKeyInBody.map(([name]) => name)).toEqual([]);
    const idempotent = Object.entries(callsByName).filter(([, call]) => call.idempotent).map(([name]) => name).sort();
    expect(idempotent).toEqual(["answerMcqQuestion", "commitScormItem", "evaluateSubmission", "recordUserEvent", "recordVideoWatch", "submitEssayBlock"]);
  });

  it("accepts the course list to deduplicate in the shapes a client may send", () => {
    expect(removeDuplicateEnrollments.body!.parse(["a", "b"])).toEqual(["a", "b"]);
    expect(removeDuplicateEnrollments.body!.parse([{ courseId: "a" }])).toEqual(["a"]);
    expect(removeDuplicateEnrollments.body!.parse({ courseIds: ["a"] })).toEqual(["a"]);
  });

  it("lets the learning path leave out the program", () => {
    expect(getLearningPathProgress.query!.safeParse({}).success).toBe(true);
  });

  it("nests generic tree nodes to any depth", () => {
    const leaf = {
      nodeId: "n2",
      nodeTitle: "Video",
      nodeSlug: "video",
      sourceType: "video",
      sourceId: "v1",
      nodeType: "video",
      courseId: "c1",
      chapterId: "ch1",
      subChapterId: "s1",
      order: 0,
      isLocked: false,
      videoCompletionState: "notCompleted",
      challengeCompletionState: "notApplicable",
      progressInPercentage: 0,
      children: [],
    };
    const parent = { ...leaf, nodeId: "n1", sourceType: "videoCourseChapter", nodeType: "all", children: [leaf] };
    expect(treeNode.safeParse(parent).success).toBe(true);
    expect(treeNode.safeParse({ ...parent, children: [{ ...leaf, children: [{ nodeId: 1 }] }] }).success).toBe(false);
  });
});
