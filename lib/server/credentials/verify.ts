import { createLocalJWKSet, decodeJwt, decodeProtectedHeader, jwtVerify, type JWK, type JWTPayload } from "jose";
import { CREDENTIALS_V2_CONTEXT, isShippedContext, OPEN_BADGES_V3_CONTEXT, undefinedTerms } from "./contexts";
import { didDocumentUrl, keysFromDidDocument } from "./issuer";
import { SIGNING_ALG } from "./signing-key";
import { statusBit } from "./status-list";
import { issuerIdOf } from "./vc-jwt";

/*
 * Verifies a certificate credential (an Open Badges 3.0 VC-JWT) the way anyone can: the signature
 * with the issuer's published keys, the issuer, the credential's shape and dates against the shipped
 * contexts, and its revocation status in the issuer's signed status list. Where the keys and the
 * status list come from is given by the caller: over HTTP for a third party (httpResolvers), from
 * the server's own published documents on the server. Nothing here reads the database.
 */

export interface CredentialResolvers {
  /** The issuer's published public keys (a JWK Set), by issuer id. */
  issuerKeys: (issuerId: string) => Promise<{ keys: JWK[] }>;
  /** A published status list credential (a VC-JWT), by its address. */
  statusList: (url: string) => Promise<string>;
}

export type CheckName = "signature" | "issuer" | "format" | "validity" | "status";

export interface Check {
  name: CheckName;
  passed: boolean;
  message: string;
}

export interface CredentialVerification {
  /** Every check passed: the signature, the issuer, the shape, the dates, and the credential is not revoked. */
  verified: boolean;
  checks: Check[];
  /** true or false once the status list was read; null when it could not be. */
  revoked: boolean | null;
  issuerId: string | null;
  keyId: string | null;
  /** The payload, once its signature verified. */
  credential: JWTPayload | null;
}

const REGISTERED_CLAIMS = ["iss", "sub", "jti", "nbf", "exp", "iat", "aud"];

interface StatusEntry {
  type?: unknown;
  statusPurpose?: unknown;
  statusListIndex?: unknown;
  statusListCredential?: unknown;
}

/** Clocks of the issuer and the verifier may differ this much. */
const CLOCK_TOLERANCE_SECONDS = 300;

/** Verifies a JWT with the issuer's keys; returns its payload or why it failed. */
async function verifyWithIssuerKeys(jwt: string, issuerId: string, keys: { keys: JWK[] }, typ: string, now: Date) {
  const header = decodeProtectedHeader(jwt);
  if (header.alg !== SIGNING_ALG) throw new Error(`the algorithm ${String(header.alg)} is not accepted (only ${SIGNING_ALG})`);
  if (typeof header.kid !== "string" || !header.kid.startsWith(`${issuerId}#`)) throw new Error("the signing key does not belong to the issuer");
  const { payload } = await jwtVerify(jwt, createLocalJWKSet({ keys: keys.keys }), {
    algorithms: [SIGNING_ALG],
    issuer: issuerId,
    typ,
    currentDate: now,
    clockTolerance: CLOCK_TOLERANCE_SECONDS,
  });
  return { payload, kid: header.kid };
}

/**
 * Checks a certificate credential. `trustedIssuer`, when given, is the only issuer accepted (a
 * credential signed by anybody else fails the issuer check even with a valid signature).
 */
export async function verifyCredential(
  jwt: string,
  resolvers: CredentialResolvers,
  options: { now?: Date; trustedIssuer?: string } = {},
): Promise<CredentialVerification> {
  const now = options.now ?? new Date();
  const checks: Check[] = [];
  const result = (revoked: boolean | null, issuerId: string | null, keyId: string | null, credential: JWTPayload | null): CredentialVerification => ({
    verified: checks.length === 5 && checks.every((c) => c.passed),
    checks,
    revoked,
    issuerId,
    keyId,
    credential,
  });
  const fail = (name: CheckName, message: string) => checks.push({ name, passed: false, message });
  const pass = (name: CheckName, message: string) => checks.push({ name, passed: true, message });

  // Who claims to have issued it (read before the signature is checked, to know whose keys to use).
  let claimed: string | undefined;
  try {
    claimed = decodeJwt(jwt).iss;
  } catch {
    fail("signature", "This is not a signed credential (a JWT) that can be read.");
    return result(null, null, null, null);
  }
  if (!claimed) {
    fail("issuer", "The credential names no issuer.");
    return result(null, null, null, null);
  }
  if (options.trustedIssuer && claimed !== options.trustedIssuer) {
    fail("issuer", `The credential claims to be issued by ${claimed}, not by ${options.trustedIssuer}.`);
    return result(null, claimed, null, null);
  }

  let keys: { keys: JWK[] };
  try {
    keys = await resolvers.issuerKeys(claimed);
  } catch (err) {
    fail("issuer", `The keys of the issuer ${claimed} could not be read: ${err instanceof Error ? err.message : String(err)}.`);
    return result(null, claimed, null, null);
  }

  let payload: JWTPayload;
  let kid: string;
  try {
    ({ payload, kid } = await verifyWithIssuerKeys(jwt, claimed, keys, "vc+jwt", now));
  } catch (err) {
    fail("signature", `The signature does not verify with the issuer's published keys: ${err instanceof Error ? err.message : String(err)}.`);
    return result(null, claimed, null, null);
  }
  pass("signature", `Signed by ${kid}, a key the issuer publishes.`);

  const credential = payload as JWTPayload & Record<string, unknown>;
  if (issuerIdOf(credential) === claimed && credential.jti === credential.id) pass("issuer", `Issued by ${claimed}.`);
  else fail("issuer", "The credential's issuer or id differ from the ones it was signed for.");

  const contexts = credential["@context"];
  const types = credential.type;
  const body = Object.fromEntries(Object.entries(credential).filter(([k]) => !REGISTERED_CLAIMS.includes(k)));
  const unknownTerms = undefinedTerms(body);
  if (
    !Array.isArray(contexts) ||
    contexts[0] !== CREDENTIALS_V2_CONTEXT ||
    !contexts.includes(OPEN_BADGES_V3_CONTEXT) ||
    !contexts.every(isShippedContext) ||
    !Array.isArray(types) ||
    !types.includes("VerifiableCredential") ||
    !types.includes("OpenBadgeCredential")
  ) {
    fail("format", "This is not an Open Badges 3.0 credential (its contexts or types are missing or unknown).");
  } else if (unknownTerms.length) {
    fail("format", `The credential uses terms its contexts do not define: ${unknownTerms.slice(0, 5).join(", ")}.`);
  } else {
    pass("format", "An Open Badges 3.0 credential (W3C Verifiable Credential), every term defined by its contexts.");
  }

  const validFrom = typeof credential.validFrom === "string" ? Date.parse(credential.validFrom) : NaN;
  const validUntil = typeof credential.validUntil === "string" ? Date.parse(credential.validUntil) : null;
  if (Number.isNaN(validFrom) || validFrom > now.getTime() + CLOCK_TOLERANCE_SECONDS * 1000) fail("validity", "The credential is not valid yet.");
  else if (validUntil !== null && !(validUntil > now.getTime())) fail("validity", "The credential has expired.");
  else pass("validity", `Valid since ${new Date(validFrom).toISOString().slice(0, 10)}${validUntil === null ? ", with no expiry" : ""}.`);

  const status = credential.credentialStatus as StatusEntry | undefined;
  let revoked: boolean | null = null;
  if (!status || status.type !== "BitstringStatusListEntry" || status.statusPurpose !== "revocation" || typeof status.statusListCredential !== "string") {
    fail("status", "The credential has no revocation status to check.");
  } else {
    try {
      const listJwt = await resolvers.statusList(status.statusListCredential);
      const { payload: list } = await verifyWithIssuerKeys(listJwt, claimed, keys, "vc+jwt", now);
      const subject = (list as { credentialSubject?: { encodedList?: unknown; statusPurpose?: unknown } }).credentialSubject;
      if (list.id !== status.statusListCredential || subject?.statusPurpose !== "revocation" || typeof subject.encodedList !== "string") {
        throw new Error("the status list is not the revocation list the credential names");
      }
      revoked = statusBit(subject.encodedList, Number(status.statusListIndex));
      if (revoked) fail("status", "The issuer has revoked this credential.");
      else pass("status", "Not revoked: checked in the issuer's signed status list.");
    } catch (err) {
      fail("status", `The revocation status could not be checked: ${err instanceof Error ? err.message : String(err)}.`);
    }
  }
  return result(revoked, claimed, kid, credential);
}

/**
 * Resolvers that read what the issuer publishes over HTTP, as a third party does: the did:web
 * document for the keys, the status list at its address. `fetchImpl` defaults to the global fetch.
 */
export function httpResolvers(fetchImpl: typeof fetch = fetch): CredentialResolvers {
  const get = async (url: string, accept: string) => {
    const res = await fetchImpl(url, { headers: { accept } });
    if (!res.ok) throw new Error(`${url} answered ${res.status}`);
    return res;
  };
  return {
    issuerKeys: async (issuerId) => keysFromDidDocument(issuerId, await (await get(didDocumentUrl(issuerId), "application/did+json, application/json")).json()),
    statusList: async (url) => (await (await get(url, "application/vc+jwt")).text()).trim(),
  };
}
