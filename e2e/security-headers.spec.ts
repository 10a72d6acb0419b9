import { expect, test, type APIResponse, type Response } from "@playwright/test";
import { SESSION_COOKIE, signIn } from "./support/sign-in";

// Its own user, so the sign-in links asked for here do not count against another spec's rate limit.
const USER = "employee@demo.test";

/** The Content-Security-Policy of a response, as a map of directive to its sources. */
function policyOf(res: APIResponse | Response): Map<string, string[]> {
  const header = res.headers()["content-security-policy"];
  expect(header, `Content-Security-Policy on ${res.url()}`).toBeTruthy();
  const directives = new Map<string, string[]>();
  for (const part of header!.split(";")) {
    const [name, ...sources] = part.trim().split(/\s+/);
    if (name) directives.set(name.toLowerCase(), sources);
  }
  return directives;
}

/** Checks the strict policy and returns its nonce. */
function expectStrictPolicy(res: APIResponse | Response): string {
  const policy = policyOf(res);
  const scriptSrc = policy.get("script-src") ?? [];
  const nonce = scriptSrc.map((s) => /^'nonce-([^']+)'$/.exec(s)?.[1]).find(Boolean);
  expect(nonce, `a nonce in script-src of ${res.url()}: ${scriptSrc.join(" ")}`).toBeTruthy();
  expect(nonce!.length).toBeGreaterThanOrEqual(16);
  expect(scriptSrc).toContain("'strict-dynamic'");
  expect(scriptSrc).not.toContain("'unsafe-inline'");
  expect(policy.get("default-src")).toEqual(["'self'"]);
  expect(policy.get("object-src")).toEqual(["'none'"]);
  expect(policy.get("base-uri")).toEqual(["'self'"]);
  expect(policy.get("frame-ancestors")).toEqual(["'none'"]);
  return nonce!;
}

function expectCommonHeaders(res: APIResponse | Response) {
  const headers = res.headers();
  expect(headers["x-content-type-options"], `X-Content-Type-Options on ${res.url()}`).toBe("nosniff");
  expect(headers["referrer-policy"], `Referrer-Policy on ${res.url()}`).toBe("strict-origin-when-cross-origin");
}

test("pages carry a strict, per-request Content-Security-Policy", async ({ request }) => {
  const home = await request.get("/");
  expect(home.status()).toBe(200);
  const nonce = expectStrictPolicy(home);
  expectCommonHeaders(home);
  expect(home.headers()["x-frame-options"]).toBe("DENY");
  expect(home.headers()["permissions-policy"]).toContain("camera=()");

  // A fresh nonce for every request.
  expect(expectStrictPolicy(await request.get("/"))).not.toBe(nonce);

  const redirect = await request.get("/dashboard", { maxRedirects: 0 });
  expect(redirect.status()).toBeGreaterThanOrEqual(300);
  expect(redirect.status()).toBeLessThan(400);
  expect(redirect.headers()["location"]).toContain("/?reason=login-required");
  expectStrictPolicy(redirect);
});

test("every script in the served home page carries the response's nonce", async ({ request }) => {
  const res = await request.get("/");
  const nonce = expectStrictPolicy(res);
  const html = await res.text();
  const scripts = html.match(/<script\b[^>]*>/gi) ?? [];
  expect(scripts.length).toBeGreaterThan(0);
  for (const tag of scripts) {
    expect(/\snonce="([^"]*)"/.exec(tag)?.[1], `nonce of ${tag}`).toBe(nonce);
  }
});

test("headers on a page, on the API and on a static file", async ({ request }) => {
  const home = await request.get("/");
  expectCommonHeaders(home);

  const health = await request.get("/api/health");
  expect(health.status()).toBe(200);
  expectCommonHeaders(health);

  const src = /<script\b[^>]*\ssrc="(\/_next\/static\/[^"]+\.js)"/.exec(await home.text())?.[1];
  expect(src, "a /_next/static script in the home page").toBeTruthy();
  const asset = await request.get(src!);
  expect(asset.status()).toBe(200);
  expectCommonHeaders(asset);
});

test("signing in raises no CSP violation; the session cookie is Lax and the API wants the Bearer header", async ({ page, request }) => {
  const violations: string[] = [];
  page.on("console", (msg) => {
    if (msg.text().includes("Content Security Policy")) violations.push(`${msg.type()}: ${msg.text()}`);
  });
  await page.exposeFunction("reportCspViolation", (text: string) => violations.push(text));
  await page.addInitScript(() => {
    document.addEventListener("securitypolicyviolation", (e) => {
      (window as unknown as { reportCspViolation: (t: string) => void }).reportCspViolation(
        `securitypolicyviolation: ${e.violatedDirective} blocked ${e.blockedURI || "inline"} in ${e.sourceFile}:${e.lineNumber}`,
      );
    });
  });

  const token = await signIn(page, USER);

  // A signed-in page carries the policy too, and renders with it.
  const dashboard = await page.goto("/dashboard");
  expect(dashboard!.status()).toBe(200);
  expectStrictPolicy(dashboard!);
  expectCommonHeaders(dashboard!);
  await expect(page.getByTestId("signed-in-email")).toHaveText(USER);
  // The catalogue and a learning page with its player load under the same policy.
  await page.goto("/courses");
  await expect(page.getByRole("heading", { name: "Courses", level: 1 })).toBeVisible();
  await page.goto("/learn/course/cad-fundamentals-solidworks");
  await expect(page.getByRole("group", { name: /^Video player/ })).toBeVisible();
  expect(violations).toEqual([]);

  const cookie = (await page.context().cookies()).find((c) => c.name === SESSION_COOKIE)!;
  expect(cookie.sameSite).toBe("Lax");
  expect(cookie.path).toBe("/");

  // The token is real: with the Bearer header the API answers.
  const withBearer = await request.get("/api/user/info", { headers: { authorization: `Bearer ${token}` } });
  expect(withBearer.status()).toBe(200);
  // A cookie alone (what a cross-site request would carry) is refused.
  const cookieOnly = await request.get("/api/user/info", { headers: { cookie: `${SESSION_COOKIE}=${token}` } });
  expect(cookieOnly.status()).toBe(401);
});

const bypassAttempts: Record<string, string>[] = [
  { "x-middleware-subrequest": "middleware:middleware:middleware:middleware:middleware" },
  { "x-middleware-subrequest": "proxy:proxy:proxy:proxy:proxy", "x-nextjs-data": "1" },
];

for (const headers of bypassAttempts) {
  test(`internal headers do not skip the proxy or the API's check: ${JSON.stringify(headers)}`, async ({ request }) => {
    const page = await request.get("/dashboard", { headers, maxRedirects: 0 });
    expect(page.status()).toBeGreaterThanOrEqual(300);
    expect(page.status()).toBeLessThan(400);
    expect(page.headers()["location"]).toContain("/?reason=login-required");

    const api = await request.get("/api/user/info", { headers });
    expect(api.status()).toBe(401);
  });
}
