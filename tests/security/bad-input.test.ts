import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { errorBody, type CallDef } from "@/lib/contract";
import { inputJsonSchema, malformedArbitrary, toQuery, validArbitrary } from "../support/arbitraries";
import { createTestApi, type TestApi } from "../support/api";
import { implementedCalls } from "../support/implemented-calls";
import { rowCounts } from "../support/row-counts";

let t: TestApi;
let token: string;
let calls: CallDef[];

beforeAll(async () => {
  t = await createTestApi();
  await t.createUser({ email: "fuzz@example.com", name: "Fuzz" });
  token = await t.signIn("fuzz@example.com");
  calls = await implementedCalls(t);
});
afterAll(() => t.close());

const RUNS = Number(process.env.FUZZ_RUNS ?? 25);

/** A multipart call's input as its form: each field as text (objects as JSON), and a small text file. */
function asForm(input: unknown): FormData {
  const form = new FormData();
  for (const [k, v] of Object.entries(input && typeof input === "object" ? input : {})) {
    if (v !== undefined && v !== null) form.set(k, typeof v === "object" ? JSON.stringify(v) : String(v));
  }
  form.set("file", new Blob(["generated input"]), "input.txt");
  return form;
}

function send(call: CallDef, input: unknown, raw?: string) {
  const path = `${call.group}${call.path}`;
  const isGet = call.method === "GET";
  const form = call.bodyFormat === "multipart" && raw === undefined;
  return t.request(call.method, path, {
    token: call.path === "/logout" ? undefined : token,
    query: isGet ? toQuery(input) : undefined,
    body: isGet ? undefined : form ? asForm(input) : (raw ?? input ?? {}),
  });
}

describe("every call under generated input", () => {
  it("serves at least the sign-in and profile calls", () => {
    expect(calls.map((c) => `${c.group}${c.path}`)).toEqual(expect.arrayContaining(["/auth/login/invite", "/auth/finishLogin", "/user/info"]));
  });

  it("answers valid-looking requests without a server error", async () => {
    for (const call of calls) {
      const schema = call.method === "GET" ? call.query : call.body;
      if (!schema) continue;
      await fc.assert(
        fc.asyncProperty(validArbitrary(inputJsonSchema(schema)), async (input) => {
          const res = await send(call, input);
          expect(res.status, `${call.method} ${call.path} ${JSON.stringify(input).slice(0, 200)}`).toBeLessThan(500);
        }),
        { numRuns: RUNS },
      );
    }
  }, 180_000);

  it("refuses malformed requests with a 4xx in the error shape, naming the field, and writes nothing", async () => {
    for (const call of calls) {
      const schema = call.method === "GET" ? call.query : call.body;
      if (!schema) continue;
      await fc.assert(
        fc.asyncProperty(malformedArbitrary(inputJsonSchema(schema)), async (input) => {
          const before = await rowCounts(t.db);
          const res = await send(call, input);
          const label = `${call.method} ${call.path} ${JSON.stringify(input).slice(0, 200)}`;
          expect(res.status, label).toBeLessThan(500);
          if (res.status >= 400) {
            const parsed = errorBody.safeParse(res.body);
            expect(parsed.success, label).toBe(true);
            expect(parsed.data!.statusCode).toBe(res.status);
            expect(parsed.data!.message.length).toBeGreaterThan(0);
            if (res.status === 400) {
              const fields = Object.keys(inputJsonSchema(schema).properties ?? {});
              const named = fields.some((f) => parsed.data!.message.includes(f)) || /body|query|JSON/.test(parsed.data!.message);
              expect(named, `${label} -> ${parsed.data!.message}`).toBe(true);
            }
            expect(await rowCounts(t.db), label).toEqual(before);
          }
        }),
        { numRuns: RUNS },
      );
    }
    // Every served call is exercised in turn: the run grows with the API.
  }, 180_000);

  it("refuses bodies that are not JSON objects", async () => {
    for (const call of calls.filter((c) => c.body)) {
      for (const raw of ["", "null", "[]", "42", '"text"', "{", '{"a":'.repeat(200)]) {
        // A call whose contract takes a JSON array (the spec's body of /program/remove/duplicate) accepts "[]".
        if (raw === "[]" && call.body!.safeParse([]).success) continue;
        const res = await send(call, undefined, raw);
        expect(res.status, `${call.path} ${raw.slice(0, 20)}`).toBeGreaterThanOrEqual(400);
        expect(res.status).toBeLessThan(500);
        expect(errorBody.safeParse(res.body).success).toBe(true);
      }
    }
  });

  it("refuses a body over 1 MB with 413", async () => {
    const res = await t.request("POST", "/user/events", { token, body: { eventName: "big", event: { blob: "x".repeat(1_100_000) } } });
    expect(res.status).toBe(413);
    expect(errorBody.parse(res.body).message).toMatch(/1 MB/);
  });
});
