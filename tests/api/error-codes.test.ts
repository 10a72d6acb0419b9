import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { callsByName } from "@/lib/contract";
import { callErrorCodes, fullPath } from "@/lib/contract/call";
import { ERROR_CODE_STATUS } from "@/lib/contract/error-codes";
import { createTestApi, type TestApi } from "../support/api";

let t: TestApi;
beforeAll(async () => {
  t = await createTestApi();
});
afterAll(() => t.close());

type ErrorSchema = { allOf: [unknown, { properties: { code: false | { enum: string[] } } }] };
type Operation = { "x-error-codes": string[]; responses: Record<string, { content: { "application/json": { schema: ErrorSchema } } }> };

describe("error codes in /api/openapi.json", () => {
  it("each operation's error answers enumerate the codes its call may answer, at their status", async () => {
    const res = await t.request("GET", "/openapi.json");
    expect(res.status).toBe(200);
    const paths = res.body.paths as Record<string, Record<string, Operation>>;
    let checked = 0;
    for (const [name, call] of Object.entries(callsByName)) {
      const op = paths[`/api${fullPath(call)}`]![call.method.toLowerCase()]!;
      const codes = callErrorCodes(call);
      expect(op["x-error-codes"], name).toEqual(codes);
      for (const code of [...(call.errors ?? []), ...codes]) {
        const answer = op.responses[String(ERROR_CODE_STATUS[code])];
        expect(answer, `${name} ${code}`).toBeDefined();
        const codeSchema = answer!.content["application/json"].schema.allOf[1].properties.code;
        expect(codeSchema && codeSchema.enum, `${name} ${code}`).toContain(code);
        checked += 1;
      }
      // A status none of the call's codes has answers without a code.
      expect(op.responses["500"]!.content["application/json"].schema.allOf[1].properties.code).toBe(false);
    }
    expect(checked).toBeGreaterThan(Object.keys(callsByName).length);
  });

  it("lists draft_conflict among the 409s of the essay's submit, and not among those of the MCQ answer", async () => {
    const res = await t.request("GET", "/openapi.json");
    const schema = (path: string) => (res.body.paths[path].post as Operation).responses["409"]!.content["application/json"].schema.allOf[1].properties.code;
    expect(schema("/api/course/video/essayBlock/submit")).toMatchObject({ enum: expect.arrayContaining(["draft_conflict", "time_up", "attempt_closed"]) });
    expect((schema("/api/course/video/mcq/answer") as { enum: string[] }).enum).not.toContain("draft_conflict");
  });
});
