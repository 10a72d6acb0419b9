import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { asc, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createCompany, deleteCompany, getCompany, listCompanies, updateCompany } from "@/lib/contract/calls/studio-companies";
import { certificates, companies, studioAudit, users } from "@/lib/server/db/schema";
import { BRAND_CACHE_MS, getBranding } from "@/lib/server/services/shell";
import { createTestApi, type TestApi } from "../support/api";
import { tinyPng } from "../support/png";

// Companies in the studio (docs/companies.md): administrators make and change the companies whose host
// pattern picks the brand a visitor sees; every write is audited and seen by the next request.

let t: TestApi;
let admin: string;
let root: string;

const UPLOADS = "http://localhost/api/studio/uploads";
const b64 = (s: string) => Buffer.from(s).toString("base64");
const MB = 1024 * 1024;

async function startUpload(kind: string, filename: string, length: number) {
  return t.api.request(UPLOADS, {
    method: "POST",
    headers: { "Tus-Resumable": "1.0.0", authorization: `Bearer ${admin}`, "Upload-Length": String(length), "Upload-Metadata": `kind ${b64(kind)},filename ${b64(filename)}` },
  });
}

/** Uploads a whole file over tus in one request, as the studio's field does; answers the last response. */
async function send(kind: string, filename: string, bytes: Buffer) {
  const created = await startUpload(kind, filename, bytes.length);
  if (created.status !== 201) return created;
  return t.api.request(new URL(created.headers.get("location")!, UPLOADS).toString(), {
    method: "PATCH",
    headers: { "Tus-Resumable": "1.0.0", authorization: `Bearer ${admin}`, "Upload-Offset": "0", "Content-Type": "application/offset+octet-stream" },
    body: new Uint8Array(bytes),
  });
}
async function upload(kind: string, filename: string, bytes: Buffer): Promise<string> {
  const res = await send(kind, filename, bytes);
  expect(res.status, await res.clone().text()).toBe(200);
  return ((await res.json()) as { url: string }).url;
}

const auditOf = (action: string) => t.db.select().from(studioAudit).where(eq(studioAudit.action, action)).orderBy(asc(studioAudit.createdAt));
const make = (body: Record<string, unknown>) => t.call(createCompany, { token: admin, body });

let logo: string;
let background: string;

beforeAll(async () => {
  root = mkdtempSync(path.join(os.tmpdir(), "studio-companies-"));
  t = await createTestApi();
  t.deps.env.UPLOAD_DIR = root;
  await t.createUser({ email: "admin@example.com", name: "Ada Admin", role: "admin" });
  admin = await t.signIn("admin@example.com");
  logo = await upload("image", "acme-logo.png", tinyPng());
  background = await upload("image", "acme-background.png", tinyPng(64, 36, [200, 200, 200]));
}, 60_000);
afterAll(async () => {
  await t.close();
  rmSync(root, { recursive: true, force: true });
});

describe("POST /studio/companies", () => {
  it("makes a company with uploaded images, lists it, and records it in the audit log", async () => {
    const res = await make({ key: "acme", name: "Acme Engineering", hostPattern: "learn.acme.test", logoUrl: logo, loginBackgroundUrl: background });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    expect(res.body.company).toMatchObject({ key: "acme", name: "Acme Engineering", hostPattern: "learn.acme.test", logoUrl: logo, logoDarkUrl: null, loginBackgroundUrl: background });
    const list = await t.call(listCompanies, { token: admin });
    expect(list.status).toBe(200);
    expect(list.body.companies.map((c: { key: string }) => c.key)).toContain("acme");
    const one = await t.call(getCompany, { token: admin, query: { id: res.body.company.id } });
    expect(one.body.company).toEqual(res.body.company);
    const [audit] = await auditOf("company.create");
    expect(audit).toMatchObject({ summary: "Created the company acme (Acme Engineering) for learn.acme.test", before: null, after: { key: "acme", hostPattern: "learn.acme.test", logoUrl: logo } });
  });

  it("refuses a host pattern with a scheme, path, port, capitals or a misplaced wildcard, naming what is wrong", async () => {
    const cases: [string, RegExp][] = [
      ["https://learn.beta.test", /without a scheme/],
      ["learn.beta.test/login", /without a path/],
      ["learn.beta.test:3000", /must not name a port/],
      ["Learn.Beta.test", /must be lower-case/],
      ["learn.*.beta.test", /"\*" only as its first label/],
      ["*beta.test", /"\*" only as its first label/],
      ["learn..beta.test", /is not a host name/],
      ["-beta.test", /is not a host name/],
      ["10.0.0.1", /not an IP address/],
      ["", /must not be empty/],
    ];
    for (const [pattern, message] of cases) {
      const res = await make({ key: "beta", name: "Beta", hostPattern: pattern, logoUrl: logo });
      expect(res.status, pattern).toBe(400);
      expect(res.body.message, pattern).toMatch(/hostPattern/);
      expect(res.body.message, pattern).toMatch(message);
    }
    expect(await t.db.select().from(companies).where(eq(companies.key, "beta"))).toHaveLength(0);
  });

  it("refuses a key or host pattern another company has, and a wildcard that would match another company's host", async () => {
    const sameKey = await make({ key: "acme", name: "Acme again", hostPattern: "other.acme.test", logoUrl: logo });
    expect(sameKey.status).toBe(409);
    expect(sameKey.body).toMatchObject({ code: "company_key_taken", details: { key: "acme" } });
    expect(sameKey.body.message).toContain("acme");

    const samePattern = await make({ key: "beta", name: "Beta", hostPattern: "learn.acme.test", logoUrl: logo });
    expect(samePattern.status).toBe(409);
    expect(samePattern.body.code).toBe("company_host_pattern_taken");
    expect(samePattern.body.message).toContain("learn.acme.test belongs to the company Acme Engineering (acme)");
    expect(samePattern.body.details).toEqual({ reason: "taken", pattern: "learn.acme.test", company: "Acme Engineering", companyKey: "acme" });

    const covering = await make({ key: "beta", name: "Beta", hostPattern: "*.acme.test", logoUrl: logo });
    expect(covering.status).toBe(409);
    expect(covering.body.code).toBe("company_host_pattern_taken");
    expect(covering.body.message).toContain("would also match learn.acme.test, the host of the company Acme Engineering (acme)");
    expect(covering.body.details).toEqual({ reason: "covers", pattern: "*.acme.test", host: "learn.acme.test", company: "Acme Engineering", companyKey: "acme" });

    // A wildcard that covers no other company's host is fine, and an exact host under it wins over it.
    const wildcard = await make({ key: "beta", name: "Beta", hostPattern: "*.beta.test", logoUrl: logo });
    expect(wildcard.status, JSON.stringify(wildcard.body)).toBe(201);
    const sameWildcard = await make({ key: "beta-2", name: "Beta 2", hostPattern: "*.beta.test", logoUrl: logo });
    expect(sameWildcard.status).toBe(409);
    const exact = await make({ key: "beta-learn", name: "Beta Learning", hostPattern: "learn.beta.test", logoUrl: logo });
    expect(exact.status).toBe(201);
  });

  it("refuses images that are not PNG, JPEG or WebP uploads, by extension and by their first bytes", async () => {
    const svg = await startUpload("image", "logo.svg", 100);
    expect(svg.status).toBe(415);
    expect(((await svg.json()) as { code: string }).code).toBe("unsupported_file_type");
    const renamed = await send("image", "logo.png", Buffer.from("<svg xmlns='http://www.w3.org/2000/svg'><script>alert(1)</script></svg>"));
    expect(renamed.status).toBe(415);
    const document = await upload("document", "brand.pdf", Buffer.from("%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n"));
    const missing = `/api/files/media/${crypto.randomUUID()}/original.png`;
    const cases: [string, string, RegExp, Record<string, unknown>][] = [
      ["logoUrl", document, /must be an image upload; "brand.pdf" is a document/, { reason: "notImage", file: "brand.pdf", kind: "document" }],
      ["logoUrl", "https://evil.test/logo.png", /must be the address of a PNG, JPEG or WebP image uploaded in the studio/, { reason: "notUploaded", url: "https://evil.test/logo.png" }],
      ["logoUrl", "/brand/demo/logo.svg", /must be the address of a PNG, JPEG or WebP image/, { reason: "notUploaded" }],
      ["loginBackgroundUrl", missing, /no upload is stored/, { reason: "missing", url: missing }],
      ["logoDarkUrl", "javascript:alert(1)", /must be the address of a PNG, JPEG or WebP image/, { reason: "notUploaded" }],
    ];
    for (const [field, url, message, details] of cases) {
      const res = await make({ key: "gamma", name: "Gamma", hostPattern: "gamma.test", logoUrl: logo, [field]: url });
      expect(res.status, `${field} ${url}`).toBe(400);
      expect(res.body.code).toBe("company_image_invalid");
      expect(res.body.message).toMatch(new RegExp(`^${field}`));
      expect(res.body.message).toMatch(message);
      expect(res.body.details, `${field} ${url}`).toMatchObject({ ...details, field });
    }
    expect(await t.db.select().from(companies).where(eq(companies.key, "gamma"))).toHaveLength(0);
  });

  it("refuses an image over the upload limit before a byte is stored, and a logo over 1 MB", async () => {
    const huge = await startUpload("image", "background.png", 5 * MB + 1);
    expect(huge.status).toBe(413);
    expect(((await huge.json()) as { code: string }).code).toBe("file_too_large");
    const big = await upload("image", "big-logo.png", Buffer.concat([tinyPng(), Buffer.alloc(1.5 * MB)]));
    const asLogo = await make({ key: "gamma", name: "Gamma", hostPattern: "gamma.test", logoUrl: big });
    expect(asLogo.status).toBe(400);
    expect(asLogo.body.message).toMatch(/^logoUrl: "big-logo.png" is 1.5 MB; the logo may be at most 1 MB/);
    expect(asLogo.body.details).toMatchObject({ reason: "tooLarge", field: "logoUrl", file: "big-logo.png", maxBytes: MB });
    expect(asLogo.body.details.sizeBytes).toBeGreaterThan(1.5 * MB);
    const asBackground = await make({ key: "gamma", name: "Gamma", hostPattern: "gamma.test", logoUrl: logo, loginBackgroundUrl: big });
    expect(asBackground.status, JSON.stringify(asBackground.body)).toBe(201);
  });
});

describe("PATCH /studio/company", () => {
  const idOf = async (key: string) => (await t.db.select({ id: companies.id }).from(companies).where(eq(companies.key, key)))[0]!.id;

  it("changes the host pattern and images, audits only what changed, and the next request to the host shows it", async () => {
    const id = await idOf("acme");
    expect((await getBranding(t.db, "learn.acme.test")).logoUrl).toBe(logo);
    expect((await getBranding(t.db, "learn.acme-new.test:8080")).key).toBeNull();

    const dark = await upload("image", "acme-dark.png", tinyPng(32, 18, [0, 0, 0]));
    const res = await t.call(updateCompany, { token: admin, body: { id, hostPattern: "learn.acme-new.test", logoDarkUrl: dark, loginBackgroundUrl: null } });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.company).toMatchObject({ key: "acme", hostPattern: "learn.acme-new.test", logoUrl: logo, logoDarkUrl: dark, loginBackgroundUrl: null });
    // The brand list is cached a minute; a studio write forgets it.
    expect(await getBranding(t.db, "learn.acme-new.test:8080")).toMatchObject({ key: "acme", logoDarkUrl: dark, loginBackgroundUrl: null });
    expect((await getBranding(t.db, "learn.acme.test")).key).toBeNull();

    const [audit] = await auditOf("company.update");
    expect(audit).toMatchObject({
      summary: "Changed hostPattern, logoDarkUrl, loginBackgroundUrl of the company acme",
      before: { hostPattern: "learn.acme.test", logoDarkUrl: null, loginBackgroundUrl: background },
      after: { hostPattern: "learn.acme-new.test", logoDarkUrl: dark, loginBackgroundUrl: null },
    });
    const same = await t.call(updateCompany, { token: admin, body: { id, name: "Acme Engineering", logoUrl: logo } });
    expect(same.status).toBe(200);
    expect(await auditOf("company.update")).toHaveLength(1);
  });

  it("keeps an imported company's images when only its name changes, and refuses a bad new one", async () => {
    const [imported] = await t.db.insert(companies).values({ key: "imported", name: "Imported", hostPattern: "imported.test", logoUrl: "/brand/imported/logo.svg" }).returning();
    const renamed = await t.call(updateCompany, { token: admin, body: { id: imported!.id, name: "Imported, renamed", logoUrl: "/brand/imported/logo.svg" } });
    expect(renamed.status).toBe(200);
    expect(renamed.body.company).toMatchObject({ name: "Imported, renamed", logoUrl: "/brand/imported/logo.svg" });
    const bad = await t.call(updateCompany, { token: admin, body: { id: imported!.id, logoUrl: "/brand/other/logo.svg" } });
    expect(bad.status).toBe(400);
    expect(bad.body.code).toBe("company_image_invalid");
    const taken = await t.call(updateCompany, { token: admin, body: { id: imported!.id, hostPattern: "learn.beta.test" } });
    expect(taken.status).toBe(409);
    expect(taken.body.message).toContain("Beta Learning (beta-learn)");
    const covering = await t.call(updateCompany, { token: admin, body: { id: imported!.id, hostPattern: "*.acme-new.test" } });
    expect(covering.status).toBe(409);
    expect((await getCompany.response.parseAsync((await t.call(getCompany, { token: admin, query: { id: imported!.id } })).body)).company.hostPattern).toBe("imported.test");
  });

  it("answers 404 for an id no company has", async () => {
    const res = await t.call(updateCompany, { token: admin, body: { id: crypto.randomUUID(), name: "Nobody" } });
    expect(res.status).toBe(404);
    expect(res.body.code).toBe("company_not_found");
    const get = await t.call(getCompany, { token: admin, query: { id: crypto.randomUUID() } });
    expect(get.body.code).toBe("company_not_found");
  });
});

describe("POST /studio/company/delete", () => {
  const made = async (key: string, hostPattern: string) => {
    const res = await make({ key, name: `Company ${key}`, hostPattern, logoUrl: logo });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    return res.body.company.id as string;
  };

  it("deletes a company nobody belongs to, records it, and its host shows the product's name at once", async () => {
    const id = await made("gone-co", "learn.gone.test");
    expect((await getBranding(t.db, "learn.gone.test")).key).toBe("gone-co");
    const res = await t.call(deleteCompany, { token: admin, body: { id } });
    expect([res.status, res.body]).toEqual([200, { deleted: true }]);
    expect(await t.db.select().from(companies).where(eq(companies.id, id))).toHaveLength(0);
    expect((await getBranding(t.db, "learn.gone.test")).key).toBeNull();
    const [audit] = await auditOf("company.delete");
    expect(audit).toMatchObject({ summary: "Deleted the company gone-co", before: { key: "gone-co", hostPattern: "learn.gone.test", logoUrl: logo }, after: null });
    const again = await t.call(deleteCompany, { token: admin, body: { id } });
    expect([again.status, again.body.code]).toEqual([404, "company_not_found"]);
  });

  it("refuses with 409 a company people belong to, or under whose brand certificates were issued, naming why, and keeps it", async () => {
    const id = await made("busy-co", "learn.busy.test");
    const person = await t.createUser({ email: "worker@busy.test", name: "Worker", companyId: id });
    const withPeople = await t.call(deleteCompany, { token: admin, body: { id } });
    expect(withPeople.status).toBe(409);
    expect(withPeople.body).toMatchObject({ code: "company_in_use", message: "The company busy-co is in use: 1 person belongs to it. Only a company nobody belongs to can be deleted." });
    expect(withPeople.body.details).toEqual({ key: "busy-co", people: 1, certificates: 0 });

    // The person moves on, but a certificate issued under the company's brand still carries it.
    await t.db.update(users).set({ companyId: null }).where(eq(users.id, person.id));
    await t.db.insert(certificates).values({
      uid: "busy-co-certificate",
      userId: person.id,
      kind: "course",
      companyId: id,
      issuerName: "Company busy-co",
      recipientName: "Worker",
      title: "A course",
      videoSeconds: 60,
      issuedAt: new Date(),
    });
    const withCertificate = await t.call(deleteCompany, { token: admin, body: { id } });
    expect(withCertificate.status).toBe(409);
    expect(withCertificate.body.message).toContain("1 certificate was issued under its brand");
    expect(await t.db.select().from(companies).where(eq(companies.id, id))).toHaveLength(1);
    expect((await getBranding(t.db, "learn.busy.test")).key).toBe("busy-co");
    expect((await auditOf("company.delete")).map((r) => r.summary)).not.toContain("Deleted the company busy-co");
  });
});

describe("a change written by another process", () => {
  it("is seen by this process's brand cache within BRAND_CACHE_MS, with nothing telling it", async () => {
    const made = await make({ key: "elsewhere", name: "Elsewhere", hostPattern: "learn.elsewhere.test", logoUrl: logo });
    expect(made.status, JSON.stringify(made.body)).toBe(201);
    const start = Date.now();
    expect(await getBranding(t.db, "learn.elsewhere.test", start)).toMatchObject({ key: "elsewhere", name: "Elsewhere" });
    // Another process (a second web process, the API process, a content import) renames the company
    // and gives its host to a new one: it writes the database, and cannot reach this process's cache.
    await t.db.update(companies).set({ name: "Elsewhere, renamed" }).where(eq(companies.key, "elsewhere"));
    await t.db.insert(companies).values({ key: "newcomer", name: "Newcomer", hostPattern: "learn.newcomer.test", logoUrl: logo });
    const later = start + BRAND_CACHE_MS;
    expect(await getBranding(t.db, "learn.elsewhere.test", later)).toMatchObject({ key: "elsewhere", name: "Elsewhere, renamed" });
    expect(await getBranding(t.db, "learn.newcomer.test", later)).toMatchObject({ key: "newcomer", name: "Newcomer" });
    // And a deletion by another process: the host shows the product's own brand.
    await t.db.delete(companies).where(eq(companies.key, "newcomer"));
    expect((await getBranding(t.db, "learn.newcomer.test", later + BRAND_CACHE_MS)).key).toBeNull();
  });
});
