import type { JWK } from "jose";
import { SIGNING_ALG, type PublicEd25519Jwk } from "./signing-key";

/*
 * Who signs certificate credentials, as a third party finds it: a did:web identifier made from the
 * site's address, whose DID document (/.well-known/did.json) and JSON Web Key Set
 * (/.well-known/jwks.json) publish the public keys. Key ids are "{did}#{thumbprint}".
 */

/** did:web for a site address: the host, its port percent-encoded (did:web:localhost%3A3000), and any path as colon-separated segments. */
export function issuerDid(siteUrl: string): string {
  const url = new URL(siteUrl);
  const path = url.pathname.split("/").filter(Boolean).map(encodeURIComponent);
  return ["did:web", encodeURIComponent(url.host), ...path].join(":");
}

/** Where a did:web identifier's DID document is published (https, or http for a local development host). */
export function didDocumentUrl(did: string): string {
  const [method, kind, host, ...path] = did.split(":");
  if (method !== "did" || kind !== "web" || !host) throw new Error(`${did} is not a did:web identifier.`);
  const hostname = decodeURIComponent(host);
  const local = /^(localhost|127\.0\.0\.1)(:\d+)?$/.test(hostname);
  const base = `${local ? "http" : "https"}://${hostname}`;
  return path.length ? `${base}/${path.map(decodeURIComponent).join("/")}/did.json` : `${base}/.well-known/did.json`;
}

export const keyId = (did: string, thumbprint: string) => `${did}#${thumbprint}`;

export interface PublishedKey extends PublicEd25519Jwk {
  kid: string;
  alg: string;
  use: "sig";
}

export interface IssuerKeySet {
  did: string;
  /** The key id new signatures carry. */
  currentKid: string;
  keys: PublishedKey[];
}

/** The issuer's public keys as published: the current one first, then retired ones still accepted. */
export function publishedKeys(
  did: string,
  key: { publicJwk: PublicEd25519Jwk; thumbprint: string; retired: { publicJwk: PublicEd25519Jwk; thumbprint: string }[] },
): IssuerKeySet {
  const all = [{ publicJwk: key.publicJwk, thumbprint: key.thumbprint }, ...key.retired];
  return {
    did,
    currentKid: keyId(did, key.thumbprint),
    keys: all.map((k) => ({ ...k.publicJwk, kid: keyId(did, k.thumbprint), alg: SIGNING_ALG, use: "sig" as const })),
  };
}

/** The JSON Web Key Set of /.well-known/jwks.json. */
export const jwksDocument = (set: IssuerKeySet) => ({ keys: set.keys });

/** The DID document of /.well-known/did.json: each key a JsonWebKey2020 verification method the issuer asserts credentials with. */
export function didDocument(set: IssuerKeySet) {
  const methods = set.keys.map(({ kid, kty, crv, x }) => ({ id: kid, type: "JsonWebKey2020", controller: set.did, publicKeyJwk: { kty, crv, x } }));
  return {
    "@context": ["https://www.w3.org/ns/did/v1", "https://w3id.org/security/suites/jws-2020/v1"],
    id: set.did,
    verificationMethod: methods,
    assertionMethod: methods.map((m) => m.id),
  };
}

/** The keys a DID document publishes, as a key set; the DID document of another identifier gives none. */
export function keysFromDidDocument(did: string, document: unknown): { keys: JWK[] } {
  const doc = document as { id?: unknown; verificationMethod?: { id?: unknown; controller?: unknown; publicKeyJwk?: JWK }[] };
  if (!doc || doc.id !== did || !Array.isArray(doc.verificationMethod)) return { keys: [] };
  return {
    keys: doc.verificationMethod
      .filter((m) => m.controller === did && typeof m.id === "string" && m.publicKeyJwk)
      .map((m) => ({ ...m.publicKeyJwk, kid: m.id as string })),
  };
}
