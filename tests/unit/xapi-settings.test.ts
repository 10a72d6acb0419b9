import { afterEach, describe, expect, it } from "vitest";
import { resetServerEnv, serverEnv } from "@/lib/env";

/* The LRS settings are read at start: one that cannot work stops the server, named, with what to do. */

const NAMES = ["XAPI_LRS_ENDPOINT", "XAPI_LRS_USERNAME", "XAPI_LRS_PASSWORD"] as const;
const saved = Object.fromEntries(NAMES.map((n) => [n, process.env[n]]));

function startWith(settings: Partial<Record<(typeof NAMES)[number], string>>): string | null {
  for (const n of NAMES) delete process.env[n];
  Object.assign(process.env, settings);
  resetServerEnv();
  try {
    serverEnv();
    return null;
  } catch (err) {
    return (err as Error).message;
  }
}

afterEach(() => {
  for (const n of NAMES) {
    if (saved[n] === undefined) delete process.env[n];
    else process.env[n] = saved[n];
  }
  resetServerEnv();
});

describe("the LRS settings at start", () => {
  it("starts with none set, with an address alone, and with an address and both credentials", () => {
    expect(startWith({})).toBeNull();
    expect(startWith({ XAPI_LRS_ENDPOINT: "https://lrs.example.com/xapi" })).toBeNull();
    expect(startWith({ XAPI_LRS_ENDPOINT: "https://lrs.example.com/xapi/", XAPI_LRS_USERNAME: "key", XAPI_LRS_PASSWORD: "secret" })).toBeNull();
  });

  it("refuses an address that is not an http(s) URL, naming the setting", () => {
    expect(startWith({ XAPI_LRS_ENDPOINT: "lrs.example.com/xapi" })).toMatch(/XAPI_LRS_ENDPOINT: must be the LRS's xAPI address as an http or https URL/);
    expect(startWith({ XAPI_LRS_ENDPOINT: "ftp://lrs.example.com/xapi" })).toMatch(/XAPI_LRS_ENDPOINT: must be the LRS's xAPI address as an http or https URL/);
    expect(startWith({ XAPI_LRS_ENDPOINT: "https://lrs.example.com/xapi?tenant=1" })).toMatch(/XAPI_LRS_ENDPOINT: must be the LRS's xAPI address without a query/);
  });

  it("refuses credentials without their pair, or without an address", () => {
    expect(startWith({ XAPI_LRS_ENDPOINT: "https://lrs.example.com/xapi", XAPI_LRS_USERNAME: "key" })).toMatch(
      /XAPI_LRS_PASSWORD: is not set, but XAPI_LRS_USERNAME is/,
    );
    expect(startWith({ XAPI_LRS_ENDPOINT: "https://lrs.example.com/xapi", XAPI_LRS_PASSWORD: "secret" })).toMatch(
      /XAPI_LRS_USERNAME: is not set, but XAPI_LRS_PASSWORD is/,
    );
    expect(startWith({ XAPI_LRS_USERNAME: "key", XAPI_LRS_PASSWORD: "secret" })).toMatch(/XAPI_LRS_ENDPOINT: is not set, but LRS credentials are/);
    expect(startWith({ XAPI_LRS_ENDPOINT: "https://lrs.example.com/xapi", XAPI_LRS_USERNAME: "a:b", XAPI_LRS_PASSWORD: "secret" })).toMatch(
      /XAPI_LRS_USERNAME: must not contain a colon/,
    );
  });
});
