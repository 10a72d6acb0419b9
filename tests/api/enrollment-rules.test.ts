import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { enrollInCourse, listAllCourses } from "@/lib/contract/calls/catalogue";
import { getVideoData, getCourseOffer, getVideoTree } from "@/lib/contract/calls/learning";
import type { CourseEnrollmentState } from "@/lib/contract/entities/shared";
import type { CourseCard } from "@/lib/contract/entities/catalogue";
import type { VideoCourseTree } from "@/lib/contract/entities/learning";
import { batches, courses } from "@/lib/server/db/schema";
import { createTestApi, type TestApi } from "../support/api";
import { generatedCourse, importFiles, writeContentDir } from "../support/courses";
import { importContent } from "@/lib/server/content/import-content";

// One test per combination of course type, batch enrollment type, price and plan (docs/enrollment.md):
// the card, the learning page (its video and price panel) and the enroll call must say the same.

let t: TestApi;
const DAY = 86_400_000;
const past = new Date(Date.now() - 30 * DAY).toISOString();
const future = new Date(Date.now() + 30 * DAY).toISOString();
const course: Record<string, string> = {};

const tokens = new Map<string, string>();
/** One sign-in per learner (sign-in links are rate limited). */
async function tokenOf(email: string) {
  if (!tokens.has(email)) tokens.set(email, await t.signIn(email));
  return tokens.get(email)!;
}

const paid = (key: string, extra: { isPremium?: boolean } = {}) => generatedCourse({ key, chapters: 1, videosPerSubChapter: 1, price: 1999, ...extra });

beforeAll(async () => {
  t = await createTestApi();
  await importFiles(t, {
    users: [
      { email: "premium@example.com", name: "Premium Learner", plan: "Premium" },
      { email: "basic@example.com", name: "Basic Learner", plan: "Basic" },
      { email: "auto@example.com", name: "Auto Member", plan: "Basic" },
      { email: "customer@example.com", name: "Customer Member", plan: "Basic" },
      { email: "later@example.com", name: "Later Member", plan: "Basic" },
      { email: "manual@example.com", name: "Manual Member", plan: "Basic" },
      { email: "expired@example.com", name: "Expired Member", plan: "Basic" },
    ],
    courses: [
      paid("core"),
      paid("elective"),
      paid("bonus"),
      paid("premium-paid", { isPremium: true }),
      paid("sold-alone"),
      generatedCourse({ key: "premium-only", chapters: 1, videosPerSubChapter: 1, isPremium: true }),
      generatedCourse({ key: "free", chapters: 1, videosPerSubChapter: 1 }),
      Object.assign(generatedCourse({ key: "gift", chapters: 1, videosPerSubChapter: 1 }), { courseType: "complimentary" }),
    ],
    programs: [
      {
        key: "program",
        name: "The Program",
        courses: [
          { course: "core", courseType: "mandatory" },
          { course: "elective", courseType: "nonMandatory" },
          { course: "bonus", courseType: "complimentary" },
        ],
        batches: [
          { key: "auto", name: "Auto batch", enrollmentType: "System (Auto enroll)", members: ["auto@example.com"] },
          { key: "customer", name: "Customer batch", enrollmentType: "Customer (Scheduled and Optional)", startsAt: past.slice(0, 10), members: ["customer@example.com"] },
          { key: "later", name: "Later batch", enrollmentType: "Customer (Scheduled and Optional)", startsAt: future.slice(0, 10), members: ["later@example.com"] },
          { key: "manual", name: "Manual batch", enrollmentType: "No Auto Enrollment", members: ["manual@example.com"] },
          { key: "expired", name: "Expired batch", enrollmentType: "No Auto Enrollment", accountExpiresAt: past.slice(0, 10), members: ["expired@example.com"] },
        ],
      },
    ],
  });
  for (const r of await t.db.select({ id: courses.id, key: courses.key }).from(courses)) course[r.key] = r.id;
});
afterAll(() => t.close());

/** What the card, the locked video and the price panel say about one course, checked to agree. */
async function stateOf(email: string, key: string): Promise<{ card: CourseCard; state: CourseEnrollmentState }> {
  const token = await tokenOf(email);
  const cards = await t.call(listAllCourses, { token, query: { searchText: `Course ${key}`, pageSize: "50" } });
  const card = (cards.body.results as CourseCard[]).find((c) => c.courseId === course[key])!;
  const tree = (await t.call(getVideoTree, { token, query: { id: course[key]! } })).body as VideoCourseTree;
  const video = await t.call(getVideoData, { token, query: { id: tree.videoIds[0]!, type: "video", courseId: course[key]! } });
  const mini = await t.call(getCourseOffer, { token, query: { courseId: course[key]! } });
  expect(video.body.enrollmentState).toEqual(card.enrollmentState);
  expect(mini.body.enrollmentState).toEqual(card.enrollmentState);
  expect(mini.body.canEnroll).toBe(card.enrollmentState.status === "canEnroll");
  expect(tree.isEnrolled).toBe(card.isEnrolled);
  // The video is open exactly when the course is open to the learner.
  expect(video.body.isClassLocked).toBe(card.enrollmentState.status !== "open");
  return { card, state: card.enrollmentState };
}

/** Presses Enroll: succeeds exactly when the state said canEnroll; refused with the card's own words otherwise. */
async function pressEnroll(email: string, key: string, state: CourseEnrollmentState) {
  const token = await tokenOf(email);
  const res = await t.call(enrollInCourse, { token, body: { courseId: course[key] } });
  if (state.status === "canEnroll") expect(res.status, JSON.stringify(res.body)).toBe(200);
  else {
    expect(res.status).toBe(403);
    expect(res.body.message).toContain(state.note);
  }
  return res;
}

describe("a course of the learner's program", () => {
  it("System (Auto enroll): every course is enrolled for the member, whatever its type", async () => {
    for (const key of ["core", "elective", "bonus"]) {
      const { card, state } = await stateOf("auto@example.com", key);
      expect(card.isEnrolled).toBe(true);
      expect(state).toEqual({ status: "open", basis: null, note: "Part of your program" });
      expect(card.enrollmentType).toBe("System (Auto enroll)");
    }
  });

  it("Customer (Scheduled and Optional), mandatory: enrolled for the member from the batch's start date", async () => {
    const started = await stateOf("customer@example.com", "core");
    expect(started.card).toMatchObject({ isEnrolled: true, courseType: "mandatory", enrollmentType: "Customer (Scheduled and Optional)" });
    expect(started.state.status).toBe("open");
    const [batch] = await t.db.select().from(batches).where(eq(batches.key, "later"));
    const later = await stateOf("later@example.com", "core");
    expect(later.card).toMatchObject({ isEnrolled: true, enrollmentStartDate: batch!.startsAt!.toISOString() });
    expect(later.state).toEqual({ status: "notStarted", basis: null, note: "Opens on your batch's start date" });
  });

  it("Customer (Scheduled and Optional), non-mandatory and complimentary: optional, Enroll at no cost succeeds", async () => {
    for (const key of ["elective", "bonus"]) {
      const before = await stateOf("customer@example.com", key);
      expect(before.card.isEnrolled).toBe(false);
      expect(before.state).toEqual({ status: "canEnroll", basis: "batch", note: "Part of your program, at no cost" });
      await pressEnroll("customer@example.com", key, before.state);
      const after = await stateOf("customer@example.com", key);
      expect(after.card).toMatchObject({ isEnrolled: true, enrollmentType: "Customer (Scheduled and Optional)", programId: expect.any(String) });
      expect(after.state.status).toBe("open");
    }
    // Before the batch starts, an optional course enrolled in opens on the start date too.
    const later = await stateOf("later@example.com", "elective");
    await pressEnroll("later@example.com", "elective", later.state);
    expect((await stateOf("later@example.com", "elective")).state.status).toBe("notStarted");
  });

  it("No Auto Enrollment: nothing is enrolled by itself, even mandatory; Enroll succeeds through the batch", async () => {
    const before = await stateOf("manual@example.com", "core");
    expect(before.card).toMatchObject({ isEnrolled: false, courseType: "mandatory", enrollmentType: "No Auto Enrollment" });
    expect(before.state).toEqual({ status: "canEnroll", basis: "batch", note: "Part of your program, at no cost" });
    await pressEnroll("manual@example.com", "core", before.state);
    expect((await stateOf("manual@example.com", "core")).state.status).toBe("open");
  });

  it("a batch whose access has ended: no Enroll, and the card says why", async () => {
    const { state } = await stateOf("expired@example.com", "elective");
    expect(state).toEqual({ status: "cannotEnroll", basis: "batch", note: "Your batch's access has ended: ask your company admin" });
    await pressEnroll("expired@example.com", "elective", state);
  });
});

describe("a course outside the learner's programs", () => {
  it("complimentary: free for every learner, whatever the plan", async () => {
    const { card, state } = await stateOf("basic@example.com", "gift");
    expect(card.courseType).toBe("complimentary");
    expect(state).toEqual({ status: "canEnroll", basis: "free", note: "Complimentary: free for every learner" });
    await pressEnroll("basic@example.com", "gift", state);
    expect((await stateOf("basic@example.com", "gift")).state.status).toBe("open");
  });

  it("no price and not premium: free", async () => {
    const { state } = await stateOf("basic@example.com", "free");
    expect(state).toEqual({ status: "canEnroll", basis: "free", note: "Free course" });
    await pressEnroll("basic@example.com", "free", state);
  });

  it("premium, on the Premium plan: included in the plan, priced or not", async () => {
    for (const key of ["premium-paid", "premium-only"]) {
      const { state } = await stateOf("premium@example.com", key);
      expect(state).toEqual({ status: "canEnroll", basis: "plan", note: "Included in your plan" });
      await pressEnroll("premium@example.com", key, state);
      expect((await stateOf("premium@example.com", key)).state.status).toBe("open");
    }
  });

  it("priced, not covered by a batch or the plan: no Enroll; the card and the refusal name the price", async () => {
    for (const [email, key] of [
      ["basic@example.com", "premium-paid"],
      ["basic@example.com", "sold-alone"],
      ["premium@example.com", "sold-alone"],
    ] as const) {
      const { state } = await stateOf(email, key);
      expect(state).toEqual({ status: "cannotEnroll", basis: "paid", note: "Paid course (₹1,999): ask your company admin" });
      await pressEnroll(email, key, state);
    }
    const mini = await t.call(getCourseOffer, { token: await tokenOf("basic@example.com"), query: { courseId: course["sold-alone"]! } });
    expect(mini.body).toMatchObject({ price: 1999, currency: "INR", canEnroll: false });
  });

  it("premium and not sold alone, on the Basic plan: no Enroll, the Premium plan is the way", async () => {
    const { state } = await stateOf("basic@example.com", "premium-only");
    expect(state).toEqual({ status: "cannotEnroll", basis: "premiumPlan", note: "Premium plan course: ask your company admin to upgrade your plan" });
    await pressEnroll("basic@example.com", "premium-only", state);
  });

  it("the course type shown outside a program is the course's own", async () => {
    const { card } = await stateOf("basic@example.com", "sold-alone");
    expect(card).toMatchObject({ programId: null, batchId: null, enrollmentType: "No Auto Enrollment", isEnrolled: false });
  });
});

describe("content files", () => {
  it("refuses a complimentary course with a price or premium-only, naming the field", async () => {
    const dir = writeContentDir({
      courses: [Object.assign(generatedCourse({ key: "odd-gift", chapters: 1, videosPerSubChapter: 1, price: 10, isPremium: true }), { courseType: "complimentary" })],
    });
    const error = await importContent(t.db, dir).then(
      () => null,
      (e: Error) => e.message,
    );
    expect(error).toMatch(/price: a complimentary course is free to every learner/);
    expect(error).toMatch(/isPremium: a complimentary course is free to every learner/);
  });
});
