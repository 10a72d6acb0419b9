import { and, eq } from "drizzle-orm";
import { createLocalJWKSet, decodeJwt, jwtVerify, type JWK } from "jose";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import {
  generateCertificates,
  getPublicCertificate,
  listCertificates,
  getCertificateStatus,
  getIssuerDidDocument,
  getIssuerJwks,
  reissueCertificate,
  revokeCertificate,
} from "@/lib/contract/calls/certificates";
import { startEssayBlock, submitEssayBlock, startMcqBlock, submitMcqBlock } from "@/lib/contract/calls/challenges";
import { getDashboardStats } from "@/lib/contract/calls/dashboard";
import { getVideoTree, markVideoComplete } from "@/lib/contract/calls/learning";
import type { VideoCourseTree, VideoTreeItem } from "@/lib/contract/entities/learning";
import type { Certificate, PublicCertificate } from "@/lib/contract/entities/certificates";
import { CREDENTIALS_V2_CONTEXT, OPEN_BADGES_V3_CONTEXT, undefinedTerms } from "@/lib/server/credentials/contexts";
import { httpResolvers, verifyCredential } from "@/lib/server/credentials/verify";
import { certificates, companies, courses, users } from "@/lib/server/db/schema";
import { closeOverdueAttempts } from "@/lib/server/services/challenges/close-overdue-attempts";
import { createTestApi, type TestApi } from "../support/api";
import { generatedCourse, importFiles } from "../support/courses";

/*
 * Ada is in two batches that allow marking videos complete: "Design" (courses alpha, with two videos,
 * a quiz and an essay, and beta, one video) and "Extras" (gamma: a video, a quiz, an essay). Bob is a
 * learner of another company in no batch. Certificates follow Ada's progress.
 */

let t: TestApi;
let ada: string;
let bob: string;
let adaId: string;
const tree: Record<"alpha" | "beta" | "gamma", VideoCourseTree> = {} as never;

const ADA_EMAIL = "ada.lovelace@example.com";
const BOB_EMAIL = "bob.builder@example.com";
const SITE = "http://localhost:3000";

const itemsOf = (tr: VideoCourseTree): VideoTreeItem[] => tr.chapters.flatMap((c) => c.subChapters.flatMap((s) => s.items));
const videosOf = (tr: VideoCourseTree) => itemsOf(tr).filter((i) => i.type === "video");

async function markDone(tr: VideoCourseTree, index: number) {
  const res = await t.call(markVideoComplete, { token: ada, body: { courseId: tr.id, videoId: videosOf(tr)[index]!.id } });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res;
}

async function doQuiz(tr: VideoCourseTree) {
  const quiz = itemsOf(tr).find((i) => i.type === "mcqBlock")!;
  expect((await t.call(startMcqBlock, { token: ada, body: { courseId: tr.id, mcqBlockId: quiz.id } })).status).toBe(200);
  expect((await t.call(submitMcqBlock, { token: ada, body: { courseId: tr.id, mcqBlockId: quiz.id } })).status).toBe(200);
}

const essayOf = (tr: VideoCourseTree) => itemsOf(tr).find((i) => i.type === "essayBlock")!;
const startEssay = (tr: VideoCourseTree) => t.call(startEssayBlock, { token: ada, body: { courseId: tr.id, essayBlockId: essayOf(tr).id } });
const submitEssay = (tr: VideoCourseTree) =>
  t.call(submitEssayBlock, { token: ada, body: { courseId: tr.id, essayBlockId: essayOf(tr).id, essayAnswer: "My answer.", isFinalSubmission: true } });

/** Ada's certificate rows, straight from the database (what was issued, whoever read what). */
const rowsOf = async (userId: string) => t.db.select().from(certificates).where(eq(certificates.userId, userId));

async function listOf(token: string): Promise<Certificate[]> {
  const res = await t.call(listCertificates, { token });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body;
}

const issuedFor = (list: Certificate[], name: string) => list.find((c) => c.courseName === name && c.certificateUID);

/** A fetch that reaches the test's API as a third party reaches the site: /.well-known/* is served by the API. */
const siteFetch: typeof fetch = async (input) => {
  const url = new URL(String(input));
  expect(url.origin).toBe(SITE);
  const path = url.pathname.startsWith("/.well-known/") ? `/api${url.pathname}` : url.pathname;
  return t.api.request(`http://localhost${path}${url.search}`);
};

async function downloadCredential(uid: string) {
  const res = await t.api.request(`http://localhost/api/certificates/${uid}/credential`);
  return { status: res.status, type: res.headers.get("content-type"), disposition: res.headers.get("content-disposition"), text: await res.text() };
}

beforeAll(async () => {
  t = await createTestApi();
  const [company] = await t.db
    .insert(companies)
    .values({ key: "acme", name: "Acme Engineering", hostPattern: "acme.localhost", logoUrl: "/brand/demo/logo.svg", logoDarkUrl: "/brand/demo/logo-dark.svg" })
    .returning();
  const adaRow = await t.createUser({ email: ADA_EMAIL, name: "Ada Lovelace", plan: "Premium", companyId: company!.id });
  adaId = adaRow.id;
  await t.createUser({ email: BOB_EMAIL, name: "Bob Builder", plan: "Premium" });
  await importFiles(t, {
    courses: [
      generatedCourse({ key: "alpha", name: "Alpha Mechanics", chapters: 1, videosPerSubChapter: 2, durationSeconds: 1800, withChallenges: true }),
      generatedCourse({ key: "beta", name: "Beta Statics", chapters: 1, videosPerSubChapter: 1, durationSeconds: 900 }),
      generatedCourse({ key: "gamma", name: "Gamma Dynamics", chapters: 1, videosPerSubChapter: 1, durationSeconds: 600, withChallenges: true }),
    ],
    programs: [
      {
        key: "design",
        name: "Design Program",
        courses: [{ course: "alpha" }, { course: "beta" }],
        batches: [{ key: "design-1", name: "Design 1", enrollmentType: "System (Auto enroll)", allowManualVideoCompletion: true, members: [ADA_EMAIL] }],
      },
      {
        key: "extras",
        name: "Extras Program",
        courses: [{ course: "gamma" }],
        batches: [{ key: "extras-1", name: "Extras 1", enrollmentType: "System (Auto enroll)", allowManualVideoCompletion: true, members: [ADA_EMAIL] }],
      },
    ],
  });
  ada = await t.signIn(ADA_EMAIL);
  bob = await t.signIn(BOB_EMAIL);
  for (const key of ["alpha", "beta", "gamma"] as const) {
    const id = (await t.db.select({ id: courses.id }).from(courses).where(eq(courses.key, key)))[0]!.id;
    const res = await t.call(getVideoTree, { token: ada, query: { id } });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    tree[key] = res.body;
  }
});
afterAll(() => t.close());

describe("issuing certificates", () => {
  it("issues nothing before a course is completed, and lists what is still to earn with its progress", async () => {
    await markDone(tree.alpha, 0);
    await doQuiz(tree.alpha);
    const list = await listOf(ada);
    expect(list.filter((c) => c.certificateUID)).toEqual([]);
    expect(list.find((c) => c.courseName === "Alpha Mechanics")).toMatchObject({
      certificateUID: null,
      url: null,
      issuedDate: null,
      isCourseCompleted: false,
      isMasterCertificate: false,
      shareType: "course",
      progressInPercentage: 50,
      totalCourseDurationInHours: 1,
    });
    expect(list.find((c) => c.courseName === "Design Program")).toMatchObject({ certificateUID: null, isMasterCertificate: true, shareType: "program", progressInPercentage: 0 });
    expect(await rowsOf(adaId)).toEqual([]);
  });

  it("issues the course certificate when its last requirement lands, exactly once even when issuing is asked for several times at once", async () => {
    await markDone(tree.alpha, 1);
    expect((await startEssay(tree.alpha)).status).toBe(200);
    expect(await rowsOf(adaId)).toEqual([]);
    // The essay completes the course while the learner's pages ask for certificates and the dashboard at the same time.
    const [essay, ...reads] = await Promise.all([
      submitEssay(tree.alpha),
      t.call(generateCertificates, { token: ada }),
      t.call(generateCertificates, { token: ada }),
      t.call(listCertificates, { token: ada }),
      t.call(getDashboardStats, { token: ada }),
      t.call(generateCertificates, { token: ada }),
    ]);
    expect(essay.status, JSON.stringify(essay.body)).toBe(200);
    for (const r of reads) expect(r.status).toBe(200);
    const rows = (await rowsOf(adaId)).filter((r) => r.kind === "course");
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ title: "Alpha Mechanics", recipientName: "Ada Lovelace", videoSeconds: 3600, revokedAt: null });
    expect(rows[0]!.uid).toMatch(/^[A-Za-z0-9_-]{27}$/);
    // Whichever request issued it, the others saw the same certificate or none.
    const issuedBy = [reads[0], reads[1], reads[4]].flatMap((r) => (r!.body as { certificates: Certificate[] }).certificates);
    expect(issuedBy.length).toBeLessThanOrEqual(1);
    const list = await listOf(ada);
    expect(issuedFor(list, "Alpha Mechanics")).toMatchObject({
      certificateUID: rows[0]!.uid,
      userName: "Ada Lovelace",
      isCourseCompleted: true,
      isMasterCertificate: false,
      shareType: "course",
      url: `${SITE}/certificates/course/${rows[0]!.uid}`,
      totalCourseDurationInHours: 1,
      progressInPercentage: 100,
      isRevoked: false,
      issuerName: "Acme Engineering",
    });
  });

  it("issues course and master certificates at the completion itself, before anything is read", async () => {
    const before = await rowsOf(adaId);
    await markDone(tree.beta, 0);
    const after = await rowsOf(adaId);
    const fresh = after.filter((r) => !before.some((b) => b.id === r.id));
    expect(fresh.map((r) => [r.kind, r.title]).sort()).toEqual([
      ["course", "Beta Statics"],
      ["program", "Design Program"],
    ]);
    expect(fresh.find((r) => r.kind === "program")!.videoSeconds).toBe(3600 + 900);
    const list = await listOf(ada);
    expect(issuedFor(list, "Design Program")).toMatchObject({ isMasterCertificate: true, shareType: "program", totalCourseDurationInHours: 1.3 });
    expect(issuedFor(list, "Design Program")!.url).toMatch(/\/certificates\/program\//);
  });

  it("gives two completions at once one certificate", async () => {
    const uid = (await rowsOf(adaId)).find((r) => r.title === "Beta Statics")!.uid;
    // Marking the same last video again, twice at once, and generating: still one certificate, the same one.
    await Promise.all([markDone(tree.beta, 0), markDone(tree.beta, 0), t.call(generateCertificates, { token: ada })]);
    const beta = (await rowsOf(adaId)).filter((r) => r.title === "Beta Statics");
    expect(beta.map((r) => r.uid)).toEqual([uid]);
  });

  it("is idempotent: generating again issues nothing and says so", async () => {
    const count = (await rowsOf(adaId)).length;
    for (let i = 0; i < 2; i++) {
      const res = await t.call(generateCertificates, { token: ada });
      expect(res.status).toBe(200);
      expect(res.body.certificates).toEqual([]);
      expect(res.body.message).toMatch(/No new certificate/);
    }
    expect(await rowsOf(adaId)).toHaveLength(count);
  });

  it("counts an essay the server closed at its deadline, even empty, as submitted", async () => {
    await markDone(tree.gamma, 0);
    await doQuiz(tree.gamma);
    expect((await startEssay(tree.gamma)).status).toBe(200);
    expect((await t.call(generateCertificates, { token: ada })).body.certificates).toEqual([]);
    // Past the hour of the essay and the grace period, the server's sweep submits the empty draft (source timeOut).
    t.advanceClock(61 * 60_000 + 60_000);
    await closeOverdueAttempts(t.deps);
    const res = await t.call(generateCertificates, { token: ada });
    expect(res.body.certificates.map((c: Certificate) => [c.courseName, c.shareType]).sort()).toEqual([
      ["Extras Program", "program"],
      ["Gamma Dynamics", "course"],
    ]);
  });

  it("shows each learner only their own certificates, and counts them on the dashboard", async () => {
    const mine = (await listOf(ada)).filter((c) => c.certificateUID);
    expect(mine).toHaveLength(5);
    const others = await listOf(bob);
    expect(others).toEqual([]);
    const dashboard = await t.call(getDashboardStats, { token: ada });
    expect(dashboard.body.certificatesEarned).toBe(5);
    expect((await t.call(getDashboardStats, { token: bob })).body.certificatesEarned).toBe(0);
  });
});

describe("the public certificate", () => {
  let alphaUid: string;
  beforeAll(async () => {
    alphaUid = (await rowsOf(adaId)).find((r) => r.title === "Alpha Mechanics")!.uid;
  });

  it("tells anyone, signed in or not, exactly what the share page shows: nothing of the learner's account or other certificates", async () => {
    const anonymous = await t.call(getPublicCertificate, { query: { certificateUID: alphaUid } });
    expect(anonymous.status, JSON.stringify(anonymous.body)).toBe(200);
    const body = anonymous.body as PublicCertificate;
    expect(Object.keys(body).sort()).toEqual(
      [
        "certificateUID", "courseId", "courseName", "credentialUrl", "isCourseCompleted", "isMasterCertificate", "isRevoked", "issuedDate",
        "issuer", "issuerName", "progressInPercentage", "shareType", "totalCourseDurationInHours", "totalCourseDurationInMinutes", "url", "userName", "verification",
      ].sort(),
    );
    expect(body).toMatchObject({
      certificateUID: alphaUid,
      userName: "Ada Lovelace",
      courseName: "Alpha Mechanics",
      totalCourseDurationInHours: 1,
      shareType: "course",
      url: `${SITE}/certificates/course/${alphaUid}`,
      credentialUrl: `/api/certificates/${alphaUid}/credential`,
      issuer: { name: "Acme Engineering", logoUrl: "/brand/demo/logo.svg", logoDarkUrl: "/brand/demo/logo-dark.svg" },
    });
    expect(body.verification.verified, JSON.stringify(body.verification.checks)).toBe(true);
    expect(body.verification.issuerId).toBe("did:web:localhost%3A3000");
    expect(body.verification.checks.map((c) => [c.name, c.passed])).toEqual([
      ["signature", true],
      ["issuer", true],
      ["format", true],
      ["validity", true],
      ["status", true],
    ]);
    const text = JSON.stringify(body);
    const others = (await rowsOf(adaId)).filter((r) => r.uid !== alphaUid);
    for (const secret of [ADA_EMAIL, adaId, "Bob", ...others.map((r) => r.uid), "Beta Statics", "Design Program", "Gamma Dynamics", ada]) {
      expect(text, `the answer holds ${secret}`).not.toContain(secret);
    }
    // A signed-in visitor, the owner included, is told the same.
    for (const token of [bob, ada]) {
      const seen = await t.call(getPublicCertificate, { token, query: { certificateUID: alphaUid } });
      expect({ ...seen.body, verification: { ...seen.body.verification, checkedAt: "" } }).toEqual({ ...body, verification: { ...body.verification, checkedAt: "" } });
    }
  });

  it("answers 404 for an unknown or malformed id, and 400 naming the field when there is none", async () => {
    for (const certificateUID of ["AAAAAAAAAAAAAAAAAAAAAAAAAAA", "not a certificate id!", alphaUid.slice(0, -1)]) {
      const res = await t.call(getPublicCertificate, { query: { certificateUID } });
      expect(res.status).toBe(404);
      expect(res.body).toMatchObject({ code: "certificate_not_found" });
      expect(res.body.message).toMatch(/No certificate has this address/);
      expect((await t.call(getCertificateStatus, { query: { certificateUID } })).status).toBe(404);
      expect((await downloadCredential(encodeURIComponent(certificateUID))).status).toBe(404);
    }
    const missing = await t.call(getPublicCertificate, { query: {} });
    expect(missing.status).toBe(400);
    expect(missing.body.message).toContain("certificateUID");
  });

  it("tells whether a certificate is active", async () => {
    const res = await t.call(getCertificateStatus, { query: { certificateUID: alphaUid } });
    expect(res.body).toEqual({ certificateUID: alphaUid, shareType: "course", status: "active" });
  });
});

describe("the signed credential", () => {
  let uid: string;
  let jwt: string;
  let jwks: { keys: JWK[] };
  beforeAll(async () => {
    uid = (await rowsOf(adaId)).find((r) => r.title === "Alpha Mechanics")!.uid;
    const download = await downloadCredential(uid);
    expect(download.status).toBe(200);
    expect(download.type).toBe("application/vc+jwt");
    expect(download.disposition).toBe(`attachment; filename="certificate-${uid}.jwt"`);
    jwt = download.text;
    const published = await t.call(getIssuerJwks, {});
    expect(published.status).toBe(200);
    jwks = published.body;
  });

  it("is an Open Badges 3.0 credential of the certificate, naming only shipped contexts and terms they define", () => {
    const payload = decodeJwt(jwt) as Record<string, any>;
    expect(payload["@context"]).toEqual([CREDENTIALS_V2_CONTEXT, OPEN_BADGES_V3_CONTEXT]);
    expect(payload.type).toEqual(["VerifiableCredential", "OpenBadgeCredential"]);
    expect(payload.id).toBe(`${SITE}/certificates/course/${uid}`);
    expect(payload.iss).toBe("did:web:localhost%3A3000");
    expect(payload.issuer).toMatchObject({ id: "did:web:localhost%3A3000", name: "Acme Engineering" });
    expect(payload.credentialSubject.achievement).toMatchObject({ name: "Alpha Mechanics", achievementType: "Certificate" });
    expect(payload.credentialSubject.identifier[0]).toMatchObject({ identityType: "name", identityHash: "Ada Lovelace", hashed: false });
    expect(payload.credentialStatus).toMatchObject({ type: "BitstringStatusListEntry", statusPurpose: "revocation", statusListCredential: `${SITE}/api/certificates/status-list` });
    expect(JSON.stringify(payload)).not.toContain(ADA_EMAIL);
    const credential = Object.fromEntries(Object.entries(payload).filter(([k]) => !["iss", "jti", "nbf"].includes(k)));
    expect(undefinedTerms(credential)).toEqual([]);
    expect(undefinedTerms({ ...credential, favouriteColour: "blue" })).toEqual(["favouriteColour"]);
  });

  it("verifies with the published public key, and fails once any byte of its header, payload or signature changes", async () => {
    const keySet = createLocalJWKSet(jwks);
    const { payload } = await jwtVerify(jwt, keySet, { algorithms: ["EdDSA"], issuer: "did:web:localhost%3A3000", typ: "vc+jwt" });
    expect(payload.jti).toBe(`${SITE}/certificates/course/${uid}`);
    const parts = jwt.split(".");
    let tried = 0;
    for (const part of [0, 1, 2]) {
      const bytes = Buffer.from(parts[part]!, "base64url");
      for (let i = 0; i < bytes.length; i++) {
        const changed = Buffer.from(bytes);
        changed[i] = changed[i]! ^ 0x01;
        const tampered = parts.map((p, j) => (j === part ? changed.toString("base64url") : p)).join(".");
        await expect(jwtVerify(tampered, keySet, { algorithms: ["EdDSA"] }), `byte ${i} of part ${part}`).rejects.toThrow();
        tried++;
      }
    }
    expect(tried).toBeGreaterThan(500);
  });

  it("verifies as a third party does, from the DID document and the status list alone, and reports a changed name as a bad signature", async () => {
    const did = await t.call(getIssuerDidDocument, {});
    expect(did.body.id).toBe("did:web:localhost%3A3000");
    expect(did.body.verificationMethod[0]!.publicKeyJwk).toEqual({ kty: jwks.keys[0]!.kty, crv: jwks.keys[0]!.crv, x: jwks.keys[0]!.x });
    const good = await verifyCredential(jwt, httpResolvers(siteFetch), { now: t.deps.now() });
    expect(good).toMatchObject({ verified: true, revoked: false, issuerId: "did:web:localhost%3A3000" });

    const [header, payload, signature] = jwt.split(".");
    const forged = Buffer.from(Buffer.from(payload!, "base64url").toString().replace("Ada Lovelace", "Eve Forger")).toString("base64url");
    const result = await verifyCredential([header, forged, signature].join("."), httpResolvers(siteFetch), { now: t.deps.now() });
    expect(result.verified).toBe(false);
    expect(result.checks.find((c) => c.name === "signature")).toMatchObject({ passed: false });
  });

  it("is verified by the server without fetching anything", async () => {
    const fetchSpy = vi.spyOn(globalThis, "fetch").mockRejectedValue(new Error("no network"));
    try {
      const res = await t.call(getPublicCertificate, { query: { certificateUID: uid } });
      expect(res.body.verification.verified).toBe(true);
      expect(fetchSpy).not.toHaveBeenCalled();
    } finally {
      fetchSpy.mockRestore();
    }
  });

  it("reports a revoked certificate: 410 on its page, revoked in its status, its credential failing; reissuing keeps the address", async () => {
    const earned = (await t.call(getDashboardStats, { token: ada })).body.certificatesEarned;
    await t.createUser({ email: "operator@example.com", role: "admin" });
    const admin = await t.signIn("operator@example.com");
    const revoke = () => t.call(revokeCertificate, { token: admin, body: { certificateUID: uid, reason: "Issued in error" } });
    const revoked = await revoke();
    expect(revoked.status).toBe(200);
    expect(revoked.body).toMatchObject({ certificateUID: uid, status: "revoked", revocationReason: "Issued in error" });
    // Revoking again changes nothing, not even the date.
    expect((await revoke()).body.revokedAt).toBe(revoked.body.revokedAt);
    expect((await t.call(revokeCertificate, { token: admin, body: { certificateUID: uid, reason: " " } })).body.message).toMatch(/reason must not be empty/);

    const page = await t.call(getPublicCertificate, { query: { certificateUID: uid } });
    expect(page.status).toBe(410);
    expect(page.body).toMatchObject({ code: "certificate_revoked" });
    expect(page.body.message).toMatch(/revoked by its issuer on .* and is no longer valid/);
    // Why and when, for a page in another language to word it.
    expect((page.body as { details?: unknown }).details).toEqual({ withdrawn: false, revokedAt: revoked.body.revokedAt });
    expect(JSON.stringify(page.body)).not.toContain("Ada");
    expect((await t.call(getCertificateStatus, { query: { certificateUID: uid } })).body.status).toBe("revoked");
    expect((await downloadCredential(uid)).status).toBe(410);

    const check = await verifyCredential(jwt, httpResolvers(siteFetch), { now: t.deps.now() });
    expect(check.verified).toBe(false);
    expect(check.revoked).toBe(true);
    expect(check.checks.find((c) => c.name === "signature")!.passed).toBe(true);
    expect(check.checks.find((c) => c.name === "status")).toMatchObject({ passed: false, message: "The issuer has revoked this credential." });

    // The learner sees it revoked; no second certificate is issued for the course; the dashboard counts one fewer.
    expect(issuedFor(await listOf(ada), "Alpha Mechanics")).toMatchObject({ certificateUID: uid, isRevoked: true });
    expect((await t.call(generateCertificates, { token: ada })).body.certificates).toEqual([]);
    expect((await rowsOf(adaId)).filter((r) => r.title === "Alpha Mechanics")).toHaveLength(1);
    expect((await t.call(getDashboardStats, { token: ada })).body.certificatesEarned).toBe(earned - 1);

    const reissued = await t.call(reissueCertificate, { token: admin, body: { certificateUID: uid } });
    expect(reissued.body).toMatchObject({ certificateUID: uid, status: "active", revokedAt: null, revocationReason: null });
    const again = await t.call(getPublicCertificate, { query: { certificateUID: uid } });
    expect(again.status).toBe(200);
    expect(again.body.url).toBe(`${SITE}/certificates/course/${uid}`);
    expect((await verifyCredential(jwt, httpResolvers(siteFetch), { now: t.deps.now() })).verified).toBe(true);
    expect((await downloadCredential(uid)).text).toBe(jwt);
  });

  it("is refused when the credential names another issuer", async () => {
    const res = await verifyCredential(jwt, httpResolvers(siteFetch), { now: t.deps.now(), trustedIssuer: "did:web:example.com" });
    expect(res.verified).toBe(false);
    expect(res.checks).toEqual([{ name: "issuer", passed: false, message: expect.stringContaining("not by did:web:example.com") }]);
  });
});

describe("a learner's certificate and the learner's account", () => {
  it("keeps what it certifies when the learner's name changes later", async () => {
    const row = (await rowsOf(adaId)).find((r) => r.title === "Beta Statics")!;
    await t.db.update(users).set({ name: "Ada King" }).where(eq(users.id, adaId));
    const res = await t.call(getPublicCertificate, { query: { certificateUID: row.uid } });
    expect(res.body.userName).toBe("Ada Lovelace");
    await t.db.update(users).set({ name: "Ada Lovelace" }).where(and(eq(users.id, adaId)));
  });
});
