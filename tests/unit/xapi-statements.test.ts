import { describe, expect, it } from "vitest";
import { buildStatement, uuidV5 } from "@/lib/server/services/xapi/statement";
import { statementProblems } from "../support/xapi-statement-rules";

const site = "https://learn.example.com";
const learner = { id: "6f1c2a4e-2b1d-4c6e-9a0b-1c2d3e4f5a6b", name: "Asha Rao" };
const quiz = buildStatement(site, {
  eventKey: "mcq-completed:attempt-1",
  learner,
  verb: "passed",
  object: { kind: "quiz", id: "q1", title: "Levels quiz" },
  parent: { kind: "course", id: "c1", title: "Surveying" },
  result: { score: { raw: 2, max: 3 }, success: true, completion: true },
  at: new Date("2026-03-01T10:00:00Z"),
});

describe("a statement of the platform", () => {
  it("keeps its id for the same event, a version-5 UUID, and another for another event", () => {
    expect(uuidV5("mcq-completed:attempt-1")).toBe(quiz.id);
    expect(quiz.id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-5[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(uuidV5("mcq-completed:attempt-2")).not.toBe(quiz.id);
    // RFC 4122's own example: the DNS namespace and "www.example.com".
    expect(uuidV5("www.example.com", "6ba7b810-9dad-11d1-80b4-00c04fd430c8")).toBe("2ed6657d-e927-568b-95e1-2665a8aea6a2");
  });

  it("follows the statement rules, with the scaled score rounded to four places", () => {
    expect(statementProblems(quiz)).toEqual([]);
    expect(quiz.result).toEqual({ score: { raw: 2, min: 0, max: 3, scaled: 0.6667 }, success: true, completion: true });
    expect(quiz.actor).toEqual({ objectType: "Agent", name: "Asha Rao", account: { homePage: site, name: learner.id } });
  });
});

describe("the statement rules", () => {
  it("refuse what an LRS refuses, naming the property", () => {
    const broken = (change: (s: Record<string, any>) => void) => {
      const s = structuredClone(quiz) as Record<string, any>;
      change(s);
      return statementProblems(s);
    };
    expect(broken((s) => (s.actor.mbox = "mailto:asha@example.com"))).toContain("actor must have exactly one inverse functional identifier, has 2 (mbox, account)");
    expect(broken((s) => delete s.actor.account)).toContain("actor must have exactly one inverse functional identifier, has 0 (none)");
    expect(broken((s) => (s.verb.id = "passed"))).toContain("verb.id must be an IRI");
    expect(broken((s) => delete s.verb.display)).toContain("verb.display must be a language map with at least one entry");
    expect(broken((s) => (s.object.id = "quiz 1"))).toContain("object.id must be an IRI");
    expect(broken((s) => (s.result.score.scaled = 1.5))).toContain("result.score.scaled must be from -1 to 1, is 1.5");
    expect(broken((s) => (s.id = "not-a-uuid"))).toContain("id must be a UUID");
    expect(broken((s) => (s.timestamp = "1 March 2026"))).toContain("timestamp must be an ISO 8601 date and time with a time zone");
    expect(broken((s) => (s.score = 3))).toContain("score is not a property of a statement");
  });
});
