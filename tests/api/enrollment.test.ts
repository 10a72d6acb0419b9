import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { enrollInCourse, countPrograms, listAllCourses, autoEnrollInProgram, enrollInProgram, removeDuplicateEnrollments, scheduleProgramEnrollment } from "@/lib/contract/calls/catalogue";
import { getVideoData, getVideoTree } from "@/lib/contract/calls/learning";
import type { VideoCourseTree } from "@/lib/contract/entities/learning";
import { batchMembers, batches, courses, enrollments, programs } from "@/lib/server/db/schema";
import { createTestApi, type TestApi } from "../support/api";
import { generatedCourse, importDemo, importFiles } from "../support/courses";

let t: TestApi;
const course: Record<string, string> = {};
const batch: Record<string, string> = {};
const version: Record<string, string> = {};

const enrollmentsOf = async (email: string) => {
  const user = await t.userByEmail(email);
  return t.db.select().from(enrollments).where(eq(enrollments.userId, user!.id));
};

beforeAll(async () => {
  t = await createTestApi();
  await importDemo(t);
  const future = new Date(Date.now() + 10 * 86_400_000).toISOString();
  await importFiles(t, {
    users: [
      { email: "manual@example.com", name: "Manual Member", plan: "Premium" },
      { email: "later@example.com", name: "Later Member", plan: "Premium" },
      { email: "free@example.com", name: "Free Learner", plan: "Basic" },
    ],
    courses: [
      generatedCourse({ key: "alpha", chapters: 1, videosPerSubChapter: 2, price: 100 }),
      generatedCourse({ key: "beta", chapters: 1, videosPerSubChapter: 2, price: 100 }),
      generatedCourse({ key: "open-course", chapters: 1, videosPerSubChapter: 1 }),
    ],
    programs: [
      {
        key: "alpha-program",
        name: "Alpha Program",
        courses: [{ course: "alpha" }, { course: "beta", courseType: "complimentary" }],
        batches: [
          { key: "alpha-manual", name: "Alpha manual batch", enrollmentType: "No Auto Enrollment", members: ["manual@example.com"] },
          { key: "alpha-later", name: "Alpha later batch", enrollmentType: "Customer (Scheduled and Optional)", startsAt: future, members: ["later@example.com"] },
        ],
      },
    ],
  });
  for (const r of await t.db.select({ id: courses.id, key: courses.key }).from(courses)) course[r.key] = r.id;
  for (const r of await t.db.select({ id: batches.id, key: batches.key }).from(batches)) batch[r.key] = r.id;
  const token = await t.signIn("free@example.com");
  for (const key of Object.keys(course)) {
    version[key] = ((await t.call(getVideoTree, { token, query: { id: course[key]! } })).body as VideoCourseTree).versionId;
  }
});
afterAll(() => t.close());

describe("auto enrollment of a System (Auto enroll) batch", () => {
  it("enrolls the member in the batch's courses on the first catalogue visit, once", async () => {
    const token = await t.signIn("learner@demo.test");
    expect(await enrollmentsOf("learner@demo.test")).toHaveLength(0);
    const count = await t.call(countPrograms, { token });
    expect(count.status).toBe(200);
    const rows = await enrollmentsOf("learner@demo.test");
    // Every course of the auto-enrolling batch, and the mandatory course of the scheduled one.
    expect(rows.map((r) => r.courseId).sort()).toEqual([course["cad-solidworks"], course["python-for-engineers"], course["embedded-c"]].sort());
    const auto = rows.filter((r) => r.courseId !== course["embedded-c"]);
    expect(auto.every((r) => r.enrollmentType === "System (Auto enroll)" && r.batchId === batch["mech-design-2024-auto"])).toBe(true);
    expect(rows.find((r) => r.courseId === course["embedded-c"])).toMatchObject({
      enrollmentType: "Customer (Scheduled and Optional)",
      batchId: batch["embedded-2024-scheduled"],
      courseType: "mandatory",
    });
    // The current version: CAD's second edition.
    expect(rows.find((r) => r.courseId === course["cad-solidworks"])!.versionId).toBe(version["cad-solidworks"]);

    await t.call(listAllCourses, { token, query: {} });
    expect(await enrollmentsOf("learner@demo.test")).toEqual(rows);
    const all = await t.call(listAllCourses, { token, query: { pageSize: "50" } });
    const enrolled = all.body.results.filter((c: { isEnrolled: boolean }) => c.isEnrolled).map((c: { courseId: string }) => c.courseId);
    expect(enrolled.sort()).toEqual([course["cad-solidworks"], course["python-for-engineers"], course["embedded-c"]].sort());
  });

  it("enrolls on opening a course of the batch first, when the catalogue was not visited", async () => {
    const member = await t.createUser({ email: "direct@example.com", plan: "Premium" });
    await t.db.insert(batchMembers).values({ batchId: batch["mech-design-2024-auto"]!, userId: member.id });
    const token = await t.signIn(member.email);
    const tree = await t.call(getVideoTree, { token, query: { id: course["cad-solidworks"]! } });
    expect(tree.body.isEnrolled).toBe(true);
    expect(await enrollmentsOf("direct@example.com")).toHaveLength(1);
  });

  it("answers autoEnrollment for such a batch harmlessly, however often", async () => {
    const token = await t.signIn("learner@demo.test");
    const body = { batchId: batch["mech-design-2024-auto"], courseId: course["cad-solidworks"], versionId: version["cad-solidworks"] };
    const first = await t.call(autoEnrollInProgram, { token, body });
    const second = await t.call(autoEnrollInProgram, { token, body });
    expect(first.status).toBe(200);
    expect(second.body).toEqual(first.body);
    expect(await enrollmentsOf("learner@demo.test")).toHaveLength(3);
  });
});

describe("enrolling by hand", () => {
  it("enrolls in the current version; twice is harmless and answers the same", async () => {
    const token = await t.signIn("free@example.com");
    const first = await t.call(enrollInCourse, { token, body: { courseId: course["open-course"] } });
    const second = await t.call(enrollInCourse, { token, body: { courseId: course["open-course"] } });
    expect(first.status).toBe(200);
    expect(second.status).toBe(200);
    expect(second.body).toEqual(first.body);
    const rows = await enrollmentsOf("free@example.com");
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ versionId: version["open-course"], batchId: null, enrollmentType: "No Auto Enrollment" });
    const concurrent = await Promise.all([1, 2, 3].map(() => t.call(enrollInCourse, { token, body: { courseId: course["open-course"] } })));
    expect(concurrent.every((r) => r.status === 200)).toBe(true);
    expect(await enrollmentsOf("free@example.com")).toHaveLength(1);
  });

  it("refuses a paid course outside the learner's batches, and an unknown course", async () => {
    const token = await t.signIn("free@example.com");
    const paid = await t.call(enrollInCourse, { token, body: { courseId: course.alpha } });
    expect(paid.status).toBe(403);
    expect(paid.body.message).toMatch(/paid course \(₹100\): ask your company admin/i);
    expect((await t.call(enrollInCourse, { token, body: { courseId: "00000000-0000-4000-8000-000000000000" } })).status).toBe(404);
  });

  it("enrolls a member of a No Auto Enrollment batch through the batch", async () => {
    const token = await t.signIn("manual@example.com");
    expect((await t.call(enrollInCourse, { token, body: { courseId: course.alpha } })).status).toBe(200);
    const [row] = await enrollmentsOf("manual@example.com");
    expect(row).toMatchObject({ batchId: batch["alpha-manual"], enrollmentType: "No Auto Enrollment", courseType: "mandatory" });
  });
});

describe("batch enrollment rules", () => {
  it("refuses a No Auto Enrollment batch with a clear 403", async () => {
    const token = await t.signIn("manual@example.com");
    const body = { batchId: batch["alpha-manual"], courseId: course.beta, versionId: version.beta };
    for (const call of [autoEnrollInProgram, scheduleProgramEnrollment]) {
      const res = await t.call(call, { token, body });
      expect(res.status).toBe(403);
      expect(res.body.message).toMatch(/does not enroll its members/);
    }
  });

  it("schedules a Customer batch's enrollment from its start date, and refuses auto enrollment there with 409", async () => {
    const token = await t.signIn("later@example.com");
    const body = { batchId: batch["alpha-later"], courseId: course.alpha, versionId: version.alpha };
    const auto = await t.call(autoEnrollInProgram, { token, body });
    expect(auto.status).toBe(409);
    expect(auto.body.message).toMatch(/scheduled enrollment/);
    const scheduled = await t.call(scheduleProgramEnrollment, { token, body });
    expect(scheduled.status).toBe(200);
    const [row] = await enrollmentsOf("later@example.com");
    const [b] = await t.db.select().from(batches).where(eq(batches.id, batch["alpha-later"]!));
    expect(row!.startDate).toEqual(b!.startsAt);

    // Enrolled, but the content opens on the start date.
    const tree = (await t.call(getVideoTree, { token, query: { id: course.alpha! } })).body as VideoCourseTree;
    expect(tree.isEnrolled).toBe(true);
    const videoId = tree.videoIds[0]!;
    const before = await t.call(getVideoData, { token, query: { id: videoId, type: "video", courseId: course.alpha! } });
    expect(before.body).toMatchObject({ isClassLocked: true, lockedReason: "notStarted", videoLink: null });
    t.advanceClock(11 * 86_400_000);
    try {
      const after = await t.call(getVideoData, { token, query: { id: videoId, type: "video", courseId: course.alpha! } });
      expect(after.body).toMatchObject({ isClassLocked: false, lockedReason: null });
    } finally {
      t.advanceClock(-11 * 86_400_000);
    }
    const cards = await t.call(listAllCourses, { token, query: { searchText: "alpha" } });
    expect(cards.body.results[0]).toMatchObject({ isEnrolled: true, enrollmentType: "Customer (Scheduled and Optional)", enrollmentStartDate: b!.startsAt!.toISOString() });
  });

  it("refuses schedule enrollment for an auto-enrolling batch with 409", async () => {
    const token = await t.signIn("learner@demo.test");
    const res = await t.call(scheduleProgramEnrollment, {
      token,
      body: { batchId: batch["mech-design-2024-auto"], courseId: course["cad-solidworks"], versionId: version["cad-solidworks"] },
    });
    expect(res.status).toBe(409);
  });

  it("refuses a non-member, a course outside the program and a version of another course", async () => {
    const token = await t.signIn("free@example.com");
    expect((await t.call(scheduleProgramEnrollment, { token, body: { batchId: batch["alpha-later"], courseId: course.alpha, versionId: version.alpha } })).status).toBe(403);
    const later = await t.signIn("later@example.com");
    expect((await t.call(scheduleProgramEnrollment, { token: later, body: { batchId: batch["alpha-later"], courseId: course["open-course"], versionId: version["open-course"] } })).status).toBe(404);
    expect((await t.call(scheduleProgramEnrollment, { token: later, body: { batchId: batch["alpha-later"], courseId: course.beta, versionId: version.alpha } })).status).toBe(404);
  });

  it("enrolls a member in every course of the batch's program", async () => {
    const token = await t.signIn("manual@example.com");
    const [program] = await t.db.select().from(programs).where(eq(programs.key, "alpha-program"));
    const res = await t.call(enrollInProgram, { token, body: { batchId: batch["alpha-manual"], bundleId: program!.id } });
    expect(res.status).toBe(200);
    const rows = await enrollmentsOf("manual@example.com");
    expect(rows.map((r) => r.courseId).sort()).toEqual([course.alpha, course.beta].sort());
    expect(rows.find((r) => r.courseId === course.beta)!.courseType).toBe("complimentary");
    expect((await t.call(enrollInProgram, { token, body: { batchId: batch["alpha-manual"], bundleId: program!.id } })).status).toBe(200);
    expect(await enrollmentsOf("manual@example.com")).toHaveLength(2);
    const other = await t.signIn("free@example.com");
    expect((await t.call(enrollInProgram, { token: other, body: { batchId: batch["alpha-manual"], bundleId: program!.id } })).status).toBe(403);
  });

  it("drops from a course list those the learner has through a program, touching only their own enrollments", async () => {
    const token = await t.signIn("manual@example.com");
    const res = await t.call(removeDuplicateEnrollments, { token, body: [course.alpha, course["open-course"], course.alpha, "not-a-course"] });
    expect(res.status).toBe(200);
    expect(res.body.courseIds).toEqual([course["open-course"], "not-a-course"]);
    const manual = await t.userByEmail("manual@example.com");
    const others = await t.db.select().from(enrollments).where(and(eq(enrollments.courseId, course.alpha!)));
    expect(others.filter((r) => r.userId !== manual!.id).length).toBeGreaterThan(0);
    expect((await t.call(removeDuplicateEnrollments, { token, body: { courseIds: [course.beta] } })).body.courseIds).toEqual([]);
  });
});

describe("course versions", () => {
  it("lists every version of a course with the learner's enrollment in it", async () => {
    const token = await t.signIn("learner@demo.test");
    const all = await t.call(listAllCourses, { token, query: { searchText: "SolidWorks" } });
    const card = all.body.results[0];
    expect(card.versions).toHaveLength(2);
    const current = card.versions.find((v: { isCurrent: boolean }) => v.isCurrent);
    expect(current).toMatchObject({ versionId: card.versionId, isEnrolled: true, enrollmentType: "System (Auto enroll)" });
    expect(card.versions.find((v: { isCurrent: boolean }) => !v.isCurrent)).toMatchObject({ isEnrolled: false, enrollmentType: null });
  });
});
