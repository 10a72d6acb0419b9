import { mkdtemp, readFile, rm, stat } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { didDocumentUrl, issuerDid } from "@/lib/server/credentials/issuer";
import { devKeyFile, loadSigningKey } from "@/lib/server/credentials/signing-key";
import { encodeStatusList, MIN_STATUS_LIST_BITS, statusBit } from "@/lib/server/credentials/status-list";
import { loadShippedContext } from "@/lib/server/credentials/contexts";

const dirs: string[] = [];
afterAll(async () => {
  for (const dir of dirs) await rm(dir, { recursive: true, force: true });
});

describe("the signing key", () => {
  it("is generated once in development, next to the embedded database, and read again after a restart", async () => {
    const dir = await mkdtemp(path.join(os.tmpdir(), "cert-key-"));
    dirs.push(dir);
    const env = { APP_ENV: "dev" as const, PGLITE_DIR: path.join(dir, "pglite") };
    const first = await loadSigningKey(env);
    const file = devKeyFile(env);
    expect(file).toBe(path.join(dir, "certificate-signing-key.json"));
    expect((await stat(file)).mode & 0o777).toBe(0o600);
    expect(JSON.parse(await readFile(file, "utf8"))).toMatchObject({ kty: "OKP", crv: "Ed25519" });
    // A fresh process (another env object) reads the same key.
    const again = await loadSigningKey({ ...env });
    expect(again.thumbprint).toBe(first.thumbprint);
  });

  it("comes from CERTIFICATE_SIGNING_KEY outside development, and without it nothing can be signed", async () => {
    await expect(loadSigningKey({ APP_ENV: "prod" })).rejects.toMatchObject({ status: 503, code: "signing_key_missing" });
    await expect(loadSigningKey({ APP_ENV: "prod", CERTIFICATE_SIGNING_KEY: '{"kty":"EC"}' })).rejects.toThrow(/CERTIFICATE_SIGNING_KEY must be an Ed25519 private key/);
    await expect(loadSigningKey({ APP_ENV: "prod", CERTIFICATE_SIGNING_KEY: "not json" })).rejects.toThrow(/CERTIFICATE_SIGNING_KEY must be a private JSON Web Key/);
  });
});

describe("the issuer's identifier", () => {
  it("is did:web of the site's host, resolved at its well-known address", () => {
    expect(issuerDid("https://learn.example.com")).toBe("did:web:learn.example.com");
    expect(issuerDid("http://localhost:3000")).toBe("did:web:localhost%3A3000");
    expect(didDocumentUrl("did:web:learn.example.com")).toBe("https://learn.example.com/.well-known/did.json");
    expect(didDocumentUrl("did:web:localhost%3A3000")).toBe("http://localhost:3000/.well-known/did.json");
  });
});

describe("the revocation status list", () => {
  it("sets exactly the revoked bits, most significant bit first, in at least 131,072 entries", () => {
    const list = encodeStatusList([0, 9, 131_071]);
    expect(list.startsWith("u")).toBe(true);
    for (const i of [0, 9, 131_071]) expect(statusBit(list, i)).toBe(true);
    for (const i of [1, 8, 10, 131_070]) expect(statusBit(list, i)).toBe(false);
    expect(() => statusBit(list, MIN_STATUS_LIST_BITS)).toThrow(/no entry/);
    const longer = encodeStatusList([200_000], 200_001);
    expect(statusBit(longer, 200_000)).toBe(true);
    expect(statusBit(longer, 262_143)).toBe(false);
  });
});

describe("the contexts", () => {
  it("are shipped with the app, and any other is refused rather than fetched", () => {
    expect(loadShippedContext("https://www.w3.org/ns/credentials/v2").document).toHaveProperty("@context");
    expect(loadShippedContext("https://purl.imsglobal.org/spec/ob/v3p0/context-3.0.3.json").document).toHaveProperty("@context");
    expect(() => loadShippedContext("https://example.com/context.json")).toThrow(/never fetched/);
  });
});
