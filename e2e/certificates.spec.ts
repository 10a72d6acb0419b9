import { shoot } from "./support/shots";
import { expect, test, type Page } from "@playwright/test";
import { certificateOf, completeQuizzes, completeVideos, PYTHON } from "./support/certificates";
import { LEARNER, signIn } from "./support/sign-in";

const QUIZ = "/learn/mcqBlock/python-for-engineers/python-foundations/variables-control-flow/python-basics-quiz";

/** The width and height a PNG's header declares. */
function pngSize(bytes: Buffer) {
  expect(bytes.subarray(1, 4).toString("ascii")).toBe("PNG");
  return { width: bytes.readUInt32BE(16), height: bytes.readUInt32BE(20) };
}

const meta = (page: Page, attr: "property" | "name", key: string) => page.locator(`meta[${attr}="${key}"]`).getAttribute("content");

test("a learner finishes a demo course, gets its certificate, and a stranger opens and verifies it without an account", async ({ page, browser, baseURL }) => {
  const token = await signIn(page, LEARNER);

  // The videos are marked complete through the API (the learner's batch allows it); the quiz is taken on its page.
  await completeVideos(page.request, token, "mark");
  await page.goto(QUIZ);
  await expect(page.getByRole("heading", { level: 1, name: "Python Basics Quiz" })).toBeVisible();
  // Not complete yet: no certificate of the course until its last challenge is done.
  expect((await page.request.get("/api/course/getCertificates", { headers: { authorization: `Bearer ${token}` } }).then((r) => r.json())).some(
    (c: { courseName: string; certificateUID: string | null }) => c.courseName === PYTHON.name && c.certificateUID,
  )).toBe(false);
  await page.getByRole("button", { name: "Start" }).click();
  await page.getByRole("radio", { name: "3", exact: true }).check();
  await page.getByRole("checkbox", { name: "list", exact: true }).check();
  await page.getByRole("checkbox", { name: "dict", exact: true }).check();
  await page.getByRole("radio", { name: "def", exact: true }).check();
  await expect(page.getByRole("status").filter({ hasText: "All answers saved" })).toBeVisible();
  await page.getByRole("button", { name: "Submit answers" }).click();
  await page.getByRole("button", { name: "Yes, submit" }).click();
  await expect(page.getByText(/^of 4 marks/)).toBeVisible();

  // The certificate is on /certificates, with its actions.
  await page.goto("/certificates");
  await expect(page.getByRole("heading", { level: 1, name: "Certificates" })).toBeVisible();
  const card = page.getByTestId("earned-certificate").filter({ hasText: PYTHON.name });
  await expect(card).toBeVisible();
  await expect(card.getByText("Course certificate")).toBeVisible();
  const certificate = await certificateOf(page.request, token);
  const addToProfile = new URL((await card.getByRole("link", { name: "Add to LinkedIn profile" }).getAttribute("href"))!);
  expect(Object.fromEntries(addToProfile.searchParams)).toMatchObject({
    startTask: "CERTIFICATION_NAME",
    name: PYTHON.name,
    organizationName: "Demo Engineering Academy",
    certUrl: certificate.url,
    certId: certificate.certificateUID,
  });
  const whatsApp = new URL((await card.getByRole("link", { name: "WhatsApp" }).getAttribute("href"))!);
  expect(whatsApp.searchParams.get("text")).toMatch(/#upskill #upskillyourself #engineering #certification$/);
  await page.context().grantPermissions(["clipboard-read", "clipboard-write"]);
  await card.getByRole("button", { name: "Copy link" }).click();
  await expect(page.getByText("Link copied: paste it anywhere to share your certificate.", { exact: true })).toBeVisible();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(certificate.url);
  await card.getByRole("link", { name: "View" }).click();
  await expect(page).toHaveURL(certificate.url);

  // A stranger: a fresh browser with no session.
  const stranger = await browser.newContext();
  try {
    const visitor = await stranger.newPage();
    const response = await visitor.goto(certificate.path);
    expect(response?.status()).toBe(200);
    await expect(visitor.getByRole("heading", { level: 1, name: certificate.userName })).toBeVisible();
    await expect(visitor.getByText(PYTHON.name, { exact: true })).toBeVisible();
    await expect(visitor.getByRole("heading", { name: "Verified certificate" })).toBeVisible();
    await expect(visitor.getByRole("img", { name: "Demo Engineering Academy" }).first()).toBeVisible();
    // What was checked, each check worded by the page: in English, then for a visitor who reads Telugu.
    await visitor.getByText("What was checked").click();
    await expect(visitor.getByText(/^Signature passed: Signed by .+, a key the issuer publishes\.$/)).toBeVisible();
    await expect(visitor.getByText(/^Validity passed: Valid since \d+ \w+ \d{4}, with no expiry\.$/)).toBeVisible();
    await stranger.addCookies([{ name: "language", value: "te", url: `${baseURL}/` }]);
    await visitor.reload();
    await visitor.getByText("ఏం తనిఖీ చేశాం").click();
    await expect(visitor.getByText(/^సంతకం .+: జారీదారు ప్రచురించిన .+ అనే key తో సంతకం చేయబడింది\.$/)).toBeVisible();
    await expect(visitor.getByText(/Signed by/)).toHaveCount(0);
    // On a phone, the checks' long ids wrap: the page does not scroll sideways.
    await visitor.setViewportSize({ width: 375, height: 800 });
    expect(await visitor.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
    await visitor.setViewportSize({ width: 1280, height: 720 });
    await shoot(visitor, "certificate-checks-te", async () => {
      await visitor.getByText("ఏం తనిఖీ చేశాం").click();
      await expect(visitor.getByText(/జారీదారు ప్రచురించిన/)).toBeVisible();
    });
    await stranger.clearCookies({ name: "language" });
    await visitor.reload();

    // The preview tags LinkedIn, WhatsApp and X read, with a server-rendered 1200x627 image.
    expect(await meta(visitor, "property", "og:title")).toBe(`${certificate.userName}: certificate in ${PYTHON.name}`);
    expect(await meta(visitor, "property", "og:url")).toBe(certificate.url);
    expect(await meta(visitor, "name", "twitter:card")).toBe("summary_large_image");
    const image = await meta(visitor, "property", "og:image");
    expect(image).toBe(`${baseURL}${certificate.path}/image.png`);
    expect(await meta(visitor, "name", "twitter:image")).toBe(image);
    expect(await meta(visitor, "property", "og:image:width")).toBe("1200");
    expect(await meta(visitor, "property", "og:image:height")).toBe("627");
    const png = await visitor.request.get(image!);
    expect(png.status()).toBe(200);
    expect(png.headers()["content-type"]).toBe("image/png");
    expect(pngSize(await png.body())).toEqual({ width: 1200, height: 627 });

    // The signed credential downloads; the issuer's keys are published where verifiers look.
    const credential = await visitor.request.get(`/api/certificates/${certificate.certificateUID}/credential`);
    expect(credential.headers()["content-type"]).toBe("application/vc+jwt");
    expect((await credential.text()).split(".")).toHaveLength(3);
    const jwks = await visitor.request.get("/.well-known/jwks.json");
    expect(((await jwks.json()) as { keys: { kty: string }[] }).keys[0]).toMatchObject({ kty: "OKP", crv: "Ed25519" });

    // Nothing of the learner's account is in the page.
    const html = await (await visitor.request.get(certificate.path)).text();
    expect(html).not.toContain(LEARNER);
  } finally {
    await stranger.close();
  }
});

test("only the share pages under /certificates are public: /certificates sends a signed-out visitor home, an unknown id is a 404 page", async ({ page }) => {
  await page.goto("/certificates");
  await expect(page).toHaveURL(/\/\?reason=login-required&redirectUrl=%2Fcertificates$/);
  await expect(page.getByText("Please log in to view this page.", { exact: true })).toBeVisible();

  const unknown = await page.goto("/certificates/course/NoSuchCertificateAtAll00000");
  expect(unknown?.status()).toBe(404);
  await expect(page.getByRole("heading", { name: "Page not found" })).toBeVisible();
  expect((await page.request.get("/certificates/course/NoSuchCertificateAtAll00000/image.png")).status()).toBe(404);
});

test("an administrator revokes a certificate: its share page says so with status 410 and shows nothing of it; reissued, the same address opens again", async ({ page, browser }) => {
  const token = await signIn(page, LEARNER);
  await completeVideos(page.request, token, "mark");
  await completeQuizzes(page.request, token);
  const certificate = await certificateOf(page.request, token);

  const operator = await browser.newContext();
  const stranger = await browser.newContext();
  try {
    const adminPage = await operator.newPage();
    const adminToken = await signIn(adminPage, "admin@demo.test");
    const decide = (action: "revoke" | "reissue") =>
      adminPage.request.post(`/api/course/certificate/${action}`, {
        headers: { authorization: `Bearer ${adminToken}` },
        data: { certificateUID: certificate.certificateUID, ...(action === "revoke" ? { reason: "Issued in error" } : {}) },
      });
    expect((await decide("revoke")).status()).toBe(200);

    const visitor = await stranger.newPage();
    const revoked = await visitor.goto(certificate.path);
    expect(revoked?.status()).toBe(410);
    await expect(visitor.getByRole("heading", { level: 1, name: "This certificate has been revoked" })).toBeVisible();
    await expect(visitor.getByText(/revoked by its issuer on .* and is no longer valid/)).toBeVisible();
    // A visitor who reads Hindi is told the same in Hindi, date included.
    await stranger.addCookies([{ name: "language", value: "hi", url: new URL(visitor.url()).origin + "/" }]);
    await visitor.reload();
    await expect(visitor.getByText(/जारी करने वाले ने यह सर्टिफ़िकेट .* को रद्द कर दिया/)).toBeVisible();
    await expect(visitor.getByText(/revoked by its issuer/)).toHaveCount(0);
    await stranger.clearCookies({ name: "language" });
    await expect(visitor.getByText(certificate.userName)).toHaveCount(0);
    await expect(visitor.getByText(PYTHON.name)).toHaveCount(0);
    expect((await visitor.request.get(`${certificate.path}/image.png`)).status()).toBe(410);

    expect((await decide("reissue")).status()).toBe(200);
    expect((await visitor.goto(certificate.path))?.status()).toBe(200);
    await expect(visitor.getByRole("heading", { level: 1, name: certificate.userName })).toBeVisible();
  } finally {
    await operator.close();
    await stranger.close();
  }
});
