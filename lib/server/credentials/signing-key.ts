import "server-only";
import { mkdir, readFile, writeFile } from "node:fs/promises";
import path from "node:path";
import { calculateJwkThumbprint, exportJWK, generateKeyPair, importJWK, type CryptoKey, type JWK } from "jose";
import type { ServerEnv } from "@/lib/env";
import { ApiError } from "../errors";

/** The one signature algorithm of certificate credentials: EdDSA over Ed25519 (deterministic: a credential signs to the same bytes every time). */
export const SIGNING_ALG = "EdDSA";

/** An Ed25519 public key as a JWK. */
export interface PublicEd25519Jwk {
  kty: "OKP";
  crv: "Ed25519";
  x: string;
}

export interface SigningKey {
  privateKey: CryptoKey;
  /** The public half, as published. */
  publicJwk: PublicEd25519Jwk;
  /** RFC 7638 thumbprint of the public key: the fragment of its key id. */
  thumbprint: string;
  /** Public keys no longer used to sign, still published so credentials signed with them keep verifying. */
  retired: { publicJwk: PublicEd25519Jwk; thumbprint: string }[];
}

const isEd25519 = (jwk: JWK) => jwk.kty === "OKP" && jwk.crv === "Ed25519" && typeof jwk.x === "string";
const publicPart = (jwk: JWK): PublicEd25519Jwk => ({ kty: "OKP", crv: "Ed25519", x: jwk.x! });

/** Reads a private Ed25519 JWK from a setting's text; an unusable value is an error naming the setting. */
export function parsePrivateJwk(text: string, name: string): JWK {
  let jwk: unknown;
  try {
    jwk = JSON.parse(text);
  } catch {
    throw new Error(`${name} must be a private JSON Web Key (JSON), e.g. {"kty":"OKP","crv":"Ed25519","x":"…","d":"…"}.`);
  }
  if (!jwk || typeof jwk !== "object" || !isEd25519(jwk as JWK) || typeof (jwk as JWK).d !== "string") {
    throw new Error(`${name} must be an Ed25519 private key as a JWK: kty "OKP", crv "Ed25519", with x and d.`);
  }
  return jwk as JWK;
}

/** Reads the retired public keys setting: a JSON array of public Ed25519 JWKs. */
export function parseRetiredKeys(text: string | undefined, name: string): PublicEd25519Jwk[] {
  if (!text) return [];
  let list: unknown;
  try {
    list = JSON.parse(text);
  } catch {
    throw new Error(`${name} must be a JSON array of public JSON Web Keys.`);
  }
  if (!Array.isArray(list) || !list.every((k) => k && typeof k === "object" && isEd25519(k as JWK))) {
    throw new Error(`${name} must be a JSON array of Ed25519 public keys as JWKs (kty "OKP", crv "Ed25519", x).`);
  }
  return list.map((k) => publicPart(k as JWK));
}

/** Where development keeps its generated key: next to the embedded database, so it survives restarts. */
export const devKeyFile = (env: Pick<ServerEnv, "PGLITE_DIR">) =>
  path.join(path.dirname(path.resolve(/*turbopackIgnore: true*/ env.PGLITE_DIR ?? ".data/pglite")), "certificate-signing-key.json");

/** The development key: read from its file, or generated and written there once (two processes racing agree on the first). */
async function devKey(file: string): Promise<JWK> {
  try {
    return parsePrivateJwk(await readFile(file, "utf8"), file);
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== "ENOENT") throw err;
  }
  const { privateKey } = await generateKeyPair(SIGNING_ALG, { crv: "Ed25519", extractable: true });
  const jwk = await exportJWK(privateKey);
  await mkdir(path.dirname(file), { recursive: true });
  try {
    await writeFile(file, `${JSON.stringify(jwk)}\n`, { flag: "wx", mode: 0o600 });
    console.log(`[certificates] Generated a development signing key in ${file} (set CERTIFICATE_SIGNING_KEY outside development).`);
    return jwk;
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== "EEXIST") throw err;
    return parsePrivateJwk(await readFile(file, "utf8"), file);
  }
}

async function toSigningKey(privateJwk: JWK, retiredJwks: PublicEd25519Jwk[]): Promise<SigningKey> {
  const publicJwk = publicPart(privateJwk);
  const privateKey = (await importJWK({ ...privateJwk, alg: SIGNING_ALG }, SIGNING_ALG)) as CryptoKey;
  const thumbprint = await calculateJwkThumbprint(publicJwk);
  const retired = await Promise.all(
    retiredJwks.filter((k) => k.x !== publicJwk.x).map(async (k) => ({ publicJwk: k, thumbprint: await calculateJwkThumbprint(k) })),
  );
  return { privateKey, publicJwk, thumbprint, retired };
}

const loaded = new Map<string, Promise<SigningKey>>();

/**
 * The key certificates are signed with: CERTIFICATE_SIGNING_KEY (a private Ed25519 JWK); in
 * development without it, a key generated once and kept next to the embedded database. Outside
 * development without it, nothing can be signed: 503 naming the setting.
 */
export function loadSigningKey(env: ServerEnv): Promise<SigningKey> {
  const source = env.CERTIFICATE_SIGNING_KEY ? `env:${env.CERTIFICATE_SIGNING_KEY}` : env.APP_ENV === "dev" ? `file:${devKeyFile(env)}` : null;
  if (!source) {
    return Promise.reject(
      new ApiError(503, "signing_key_missing", "Certificates cannot be signed yet: the server has no CERTIFICATE_SIGNING_KEY (see docs/deploy.md)."),
    );
  }
  const cacheKey = `${source}|${env.CERTIFICATE_RETIRED_PUBLIC_KEYS ?? ""}`;
  let key = loaded.get(cacheKey);
  if (!key) {
    key = (async () => {
      const privateJwk = env.CERTIFICATE_SIGNING_KEY
        ? parsePrivateJwk(env.CERTIFICATE_SIGNING_KEY, "CERTIFICATE_SIGNING_KEY")
        : await devKey(devKeyFile(env));
      return toSigningKey(privateJwk, parseRetiredKeys(env.CERTIFICATE_RETIRED_PUBLIC_KEYS, "CERTIFICATE_RETIRED_PUBLIC_KEYS"));
    })();
    key.catch(() => loaded.delete(cacheKey));
    loaded.set(cacheKey, key);
  }
  return key;
}
