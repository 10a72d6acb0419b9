import { NextRequest } from "next/server";
import { afterEach, describe, expect, it, vi } from "vitest";
import { proxy } from "@/proxy";

const UID = "Abc123_-Abc123_-Abc123_-xyz";

/** The status the API gives the certificate, as the proxy asks it (GET /api/course/getCertificateStatus). */
function apiSays(status: "active" | "revoked" | 404) {
  return vi.spyOn(globalThis, "fetch").mockImplementation(async (input) => {
    const url = new URL(String(input));
    expect(url.pathname).toBe("/api/course/getCertificateStatus");
    expect(url.searchParams.get("certificateUID")).toBe(UID);
    // The server asks itself, never the address in the request.
    expect(url.origin).toBe("http://127.0.0.1:4123");
    if (status === 404) return new Response(JSON.stringify({ message: "not found" }), { status: 404 });
    return Response.json({ certificateUID: UID, shareType: "course", status });
  });
}

const visit = (path: string, cookie?: string) =>
  proxy(new NextRequest(new URL(path, "https://evil.example.com"), { headers: cookie ? { cookie } : {} }));

describe("proxy.ts and certificates", () => {
  afterEach(() => {
    vi.restoreAllMocks();
    vi.unstubAllEnvs();
  });

  it("answers a revoked certificate's share page with 410, and serves an active one as it is", async () => {
    vi.stubEnv("__NEXT_PRIVATE_ORIGIN", "http://127.0.0.1:4123");
    apiSays("revoked");
    const revoked = await visit(`/certificates/course/${UID}`);
    expect(revoked.status).toBe(410);
    expect(revoked.headers.get("x-middleware-rewrite")).toContain(`/certificates/course/${UID}`);
    expect(revoked.headers.get("content-security-policy")).toContain("script-src");

    vi.restoreAllMocks();
    apiSays("active");
    const active = await visit(`/certificates/program/${UID}`);
    expect(active.status).toBe(200);
    expect(active.headers.get("x-middleware-next")).toBe("1");

    vi.restoreAllMocks();
    apiSays(404);
    expect((await visit(`/certificates/course/${UID}`)).status).toBe(200);
  });

  it("asks nothing for other pages, and still sends a signed-out visitor of /certificates home", async () => {
    vi.stubEnv("__NEXT_PRIVATE_ORIGIN", "http://127.0.0.1:4123");
    const fetchSpy = vi.spyOn(globalThis, "fetch");
    const list = await visit("/certificates");
    expect(list.status).toBe(307);
    expect(new URL(list.headers.get("location")!).search).toBe("?reason=login-required&redirectUrl=%2Fcertificates");
    expect((await visit("/certificates", "devuserTokenSklGrow=some-token")).status).toBe(200);
    expect((await visit("/")).status).toBe(200);
    expect(fetchSpy).not.toHaveBeenCalled();
  });

  it("serves the page when the API cannot be asked", async () => {
    vi.stubEnv("__NEXT_PRIVATE_ORIGIN", "http://127.0.0.1:4123");
    vi.spyOn(globalThis, "fetch").mockRejectedValue(new Error("connection refused"));
    expect((await visit(`/certificates/course/${UID}`)).status).toBe(200);
  });
});
