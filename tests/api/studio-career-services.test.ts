import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { getCareerServicesStatistics } from "@/lib/contract/calls/career-services";
import { getPersonCareerServices, listAudit, updatePersonCareerServices } from "@/lib/contract/calls/studio-people";
import { createTestApi, type TestApi } from "../support/api";

/*
 * An administrator keeps a learner's career-services record in the studio (docs/career-services.md):
 * what the operator's career-services.yaml held, and the learner's page shows it.
 */
let t: TestApi;
let admin: string;
let learner: { id: string; token: string };

beforeAll(async () => {
  t = await createTestApi();
  await t.createUser({ email: "admin@example.com", name: "Ada Admin", role: "admin" });
  admin = await t.signIn("admin@example.com");
  const user = await t.createUser({ email: "ravi@example.com", name: "Ravi Kumar" });
  learner = { id: user.id, token: await t.signIn("ravi@example.com") };
});
afterAll(() => t.close());

const record = {
  hasAccess: true,
  csetAttemptsAllowed: 3,
  csetAttempts: [
    { takenAt: "2026-10-02T10:00:00Z", result: "pass" as const },
    { takenAt: "2026-09-01T10:00:00Z", result: "fail" as const },
  ],
  mockInterviews: { granted: 4, used: 1 },
  clientInterviews: { granted: 2, used: 0 },
  offers: [{ company: "Tata Elxsi", role: "Design Engineer", receivedAt: "2026-11-01T00:00:00Z" }],
};

describe("a learner's career-services record in the studio", () => {
  it("starts with the defaults an import would give, and no access", async () => {
    const res = await t.call(getPersonCareerServices, { token: admin, query: { id: learner.id } });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      careerServices: { hasAccess: false, csetAttemptsAllowed: 3, csetAttempts: [], mockInterviews: { granted: 0, used: 0 }, clientInterviews: { granted: 0, used: 0 }, offers: [] },
      updatedAt: null,
    });
    expect((await t.call(getCareerServicesStatistics, { token: learner.token })).status).toBe(403);
  });

  it("is what the learner's own page then shows, attempts in date order, and the change is audited", async () => {
    const res = await t.call(updatePersonCareerServices, { token: admin, body: { id: learner.id, careerServices: record } });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.careerServices.csetAttempts.map((a: { result: string }) => a.result)).toEqual(["fail", "pass"]);
    expect(res.body.updatedAt).not.toBeNull();

    const stats = await t.call(getCareerServicesStatistics, { token: learner.token });
    expect(stats.status).toBe(200);
    expect(stats.body).toMatchObject({ csetExamResult: "pass", totalAttemptsLeft: 1, availableMockInterviewCount: 3, availableClientInterview: 2, offersReceived: 1 });

    const audit = await t.call(listAudit, { token: admin, query: { target: learner.id, kind: "person.career-services" } });
    expect(audit.body.entries).toHaveLength(1);
    expect(audit.body.entries[0]).toMatchObject({ before: { hasAccess: false, offers: [] }, after: { hasAccess: true, mockInterviews: { granted: 4, used: 1 } } });
  });

  it("refuses a record that cannot be, naming the field, and keeps the saved one", async () => {
    for (const [change, field] of [
      [{ mockInterviews: { granted: 1, used: 2 } }, "mockInterviews.used"],
      [{ csetAttemptsAllowed: 1 }, "csetAttempts"],
      [{ offers: [{ company: "", role: "Engineer", receivedAt: "2026-11-01T00:00:00Z" }] }, "company"],
      [{ csetAttempts: [{ takenAt: "yesterday", result: "pass" }] }, "takenAt"],
      [{ csetAttempts: [{ takenAt: "2026-10-02T10:00:00Z", result: "maybe" }] }, "result"],
    ] as const) {
      const res = await t.call(updatePersonCareerServices, { token: admin, body: { id: learner.id, careerServices: { ...record, ...change } } });
      expect(res.status, field).toBe(400);
      expect(res.body.message).toContain(field);
    }
    const kept = await t.call(getPersonCareerServices, { token: admin, query: { id: learner.id } });
    expect(kept.body.careerServices.mockInterviews).toEqual({ granted: 4, used: 1 });
    const unknown = await t.call(updatePersonCareerServices, { token: admin, body: { id: "00000000-0000-4000-8000-000000000000", careerServices: record } });
    expect(unknown.status).toBe(404);
    expect(unknown.body.code).toBe("person_not_found");
  });
});
