import { describe, expect, it } from "vitest";
import { buildManifestUrl, isBuildStale, UPDATE_CHECK_INTERVAL_MS } from "@/lib/browser/update-check";
import en from "@/messages/en.json";

function fakeRequest(status: number | Error) {
  const calls: { open?: [string, string, boolean]; headers: Record<string, string>; sent: boolean } = { headers: {}, sent: false };
  const xhr = {
    status: 0,
    open(method: string, url: string, async: boolean) {
      calls.open = [method, url, async];
    },
    setRequestHeader(name: string, value: string) {
      calls.headers[name] = value;
    },
    send() {
      if (status instanceof Error) throw status;
      calls.sent = true;
      xhr.status = status;
    },
  };
  return { calls, create: () => xhr as unknown as XMLHttpRequest };
}

describe("update check", () => {
  it("asks for the running build's manifest with a synchronous HEAD that no cache may answer", () => {
    const { calls, create } = fakeRequest(200);
    expect(isBuildStale("abc_123-x", create)).toBe(false);
    expect(calls.open).toEqual(["HEAD", "/_next/static/abc_123-x/_buildManifest.js", false]);
    expect(calls.headers["Cache-Control"]).toContain("no-cache");
    expect(calls.headers.Pragma).toBe("no-cache");
    expect(calls.sent).toBe(true);
  });
  it("calls a 404 stale, and nothing else", () => {
    expect(isBuildStale("b", fakeRequest(404).create)).toBe(true);
    for (const status of [200, 304, 500, 503, 0]) expect(isBuildStale("b", fakeRequest(status).create)).toBe(false);
    expect(isBuildStale("b", fakeRequest(new Error("network")).create)).toBe(false);
  });
  it("keeps the spec's interval and message", () => {
    expect(UPDATE_CHECK_INTERVAL_MS).toBe(5000);
    expect(en.common.update.notice).toBe("<strong>Update Available:</strong> A new version of the website is available. Refresh the page to get the latest changes.");
    expect(buildManifestUrl("a/b")).toBe("/_next/static/a%2Fb/_buildManifest.js");
  });
});
