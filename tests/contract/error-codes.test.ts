import { describe, expect, it } from "vitest";
import { allCalls, callsByName, isServed } from "@/lib/contract";
import { callErrorCodes } from "@/lib/contract/call";
import { ERROR_CODE_STATUS, ERROR_CODES } from "@/lib/contract/error-codes";
import { thrownErrorCodes } from "../support/thrown-error-codes";

describe("error codes", () => {
  it("each has one of the statuses the API answers errors with", () => {
    expect(ERROR_CODES.length).toBeGreaterThan(10);
    for (const code of ERROR_CODES) expect(ERROR_CODE_STATUS[code], code).toBeGreaterThanOrEqual(400);
  });

  it("each call lists only known codes, once", () => {
    for (const call of allCalls) {
      const listed = call.errors ?? [];
      expect(new Set(listed).size, `${call.method} ${call.path}`).toBe(listed.length);
      for (const code of listed) expect(ERROR_CODES, `${call.method} ${call.path}`).toContain(code);
    }
  });

  // The services a call's route reaches, read with the TypeScript checker: every code they can throw is
  // one the call lists (or one every call of its kind answers).
  it(
    "a call's route can throw only codes the call lists",
    () => {
      const routes = thrownErrorCodes(process.cwd());
      const registered = new Set(routes.map((r) => r.call));
      // Every served call is registered through the route helpers, so none escapes the check.
      for (const [name, call] of Object.entries(callsByName)) if (isServed(call)) expect(registered, name).toContain(name);
      // The reading finds codes behind a route, a service and a helper of the service.
      expect([...routes.find((r) => r.call === "submitEssayBlock")!.codes]).toEqual(expect.arrayContaining(["draft_conflict", "time_up", "not_found"]));
      const undeclared = routes.flatMap(({ call, file, codes }) => {
        const listed = callErrorCodes(callsByName[call]!);
        return [...codes].filter((code) => !(listed as string[]).includes(code)).map((code) => `${call} (${file}) can throw ${code}`);
      });
      expect(undeclared).toEqual([]);
    },
    120_000,
  );
});
