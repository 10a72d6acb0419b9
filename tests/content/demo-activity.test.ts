import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { listSubmissions } from "@/lib/contract/calls/grading";
import { seedDemoActivity } from "@/lib/server/content/demo-activity";
import { essayAttempts, users } from "@/lib/server/db/schema";
import { createTestApi, type TestApi } from "../support/api";
import { importDemo } from "../support/courses";

let t: TestApi;
beforeAll(async () => {
  t = await createTestApi();
  await importDemo(t);
});
afterAll(() => t.close());

const employeeAttempts = async () => {
  const [employee] = await t.db.select().from(users).where(eq(users.email, "employee@demo.test"));
  return t.db.select().from(essayAttempts).where(eq(essayAttempts.userId, employee!.id));
};

describe("the demo activity", () => {
  it("gives the demo grader one essay by the demo employee to grade, written once", async () => {
    expect(await seedDemoActivity(t.db, t.deps.now())).toBe(true);
    const [attempt, ...more] = await employeeAttempts();
    expect(more).toEqual([]);
    expect(attempt).toMatchObject({ status: "awaitingResults", submissionSource: "manual" });
    expect(attempt!.answer).toContain("State machine");

    const token = await t.signIn("grader@demo.test");
    const list = await t.call(listSubmissions, { token, query: { assignment: "unassigned" } });
    expect(list.body.results).toHaveLength(1);
    expect(list.body.results[0]).toMatchObject({ name: "Vikram Iyer", courseName: "Embedded C on Microcontrollers", submissionSource: "manual" });

    expect(await seedDemoActivity(t.db, t.deps.now())).toBe(false);
    expect(await employeeAttempts()).toHaveLength(1);
  });

  it("leaves an attempt the learner already has as it is", async () => {
    await t.db.update(essayAttempts).set({ status: "onProgress", answer: "my own draft", submittedAt: null, submissionSource: null }).where(eq(essayAttempts.status, "awaitingResults"));
    expect(await seedDemoActivity(t.db, t.deps.now())).toBe(false);
    const [attempt] = await employeeAttempts();
    expect(attempt).toMatchObject({ status: "onProgress", answer: "my own draft" });
  });
});
