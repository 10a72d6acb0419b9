import { describe, expect, it } from "vitest";
import { buildManifestUrl, isBuildStale, UPDATE_CHECK_INTERVAL_MS } from "@/lib/browser/update-check";
import en from "@/messages/en.json";

/** A stand-in for fetch that answers with `status` (or fails with `status` when it is an Error), and remembers what it was asked. */
function fakeFetch(status: number | Error) {
  const asked: { url: string; init?: RequestInit }[] = [];
  const send = (async (url: string, init?: RequestInit) => {
    asked.push({ url, init });
    if (status instanceof Error) throw status;
    return new Response(null, { status });
  }) as typeof fetch;
  return { asked, send };
}

describe("update check", () => {
  it("asks for the running build's manifest with a HEAD that no cache may answer", async () => {
    const { asked, send } = fakeFetch(200);
    expect(await isBuildStale("abc_123-x", send)).toBe(false);
    expect(asked).toHaveLength(1);
    expect(asked[0]!.url).toBe("/_next/static/abc_123-x/_buildManifest.js");
    expect(asked[0]!.init?.method).toBe("HEAD");
    expect(asked[0]!.init?.cache).toBe("no-store");
    const headers = asked[0]!.init?.headers as Record<string, string>;
    expect(headers["Cache-Control"]).toContain("no-cache");
    expect(headers.Pragma).toBe("no-cache");
  });
  it("calls a 404 stale, and nothing else", async () => {
    expect(await isBuildStale("b", fakeFetch(404).send)).toBe(true);
    for (const status of [200, 304, 500, 503]) expect(await isBuildStale("b", fakeFetch(status).send)).toBe(false);
    expect(await isBuildStale("b", fakeFetch(new Error("network")).send)).toBe(false);
  });
  it("keeps the spec's interval and message", () => {
    expect(UPDATE_CHECK_INTERVAL_MS).toBe(5000);
    expect(en.common.update.notice).toBe("<strong>Update Available:</strong> A new version of the website is available. Refresh the page to get the latest changes.");
    expect(buildManifestUrl("a/b")).toBe("/_next/static/a%2Fb/_buildManifest.js");
  });
});
