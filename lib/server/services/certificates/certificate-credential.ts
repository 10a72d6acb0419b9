import "server-only";
import { isNotNull, sql } from "drizzle-orm";
import { CREDENTIALS_V2_CONTEXT, OPEN_BADGES_V3_CONTEXT } from "../../credentials/contexts";
import { issuerDid, jwksDocument, publishedKeys, type IssuerKeySet } from "../../credentials/issuer";
import { loadSigningKey } from "../../credentials/signing-key";
import { encodeStatusList } from "../../credentials/status-list";
import { signCredential, type UnsignedCredential } from "../../credentials/vc-jwt";
import { verifyCredential, type CredentialResolvers, type CredentialVerification } from "../../credentials/verify";
import { certificates } from "../../db/schema";
import type { Deps } from "../../deps";
import { hoursOf } from "../../domain/course-hours";
import { certificateUrl, type CertificateWithIssuer } from "./certificate-records";

/*
 * Each certificate is also an Open Badges 3.0 credential (a W3C Verifiable Credential), signed by the
 * platform as a VC-JWT. The credential is built from what the certificate row fixed at issue, so it is
 * the same every time it is signed. Its revocation status is a W3C Bitstring Status List the server
 * signs and publishes.
 */

export const statusListUrl = (siteUrl: string) => `${siteUrl}/api/certificates/status-list`;

/** The issuer's keys as published at /.well-known/jwks.json and /.well-known/did.json. */
export async function issuerKeySet(deps: Deps): Promise<IssuerKeySet> {
  return publishedKeys(issuerDid(deps.siteUrl), await loadSigningKey(deps.env));
}


/** The Open Badges 3.0 credential of a certificate, unsigned. */
export function openBadgeCredential(found: CertificateWithIssuer, siteUrl: string): UnsignedCredential {
  const c = found.certificate;
  const hours = hoursOf(c.videoSeconds);
  const program = c.kind === "program";
  const list = statusListUrl(siteUrl);
  return {
    "@context": [CREDENTIALS_V2_CONTEXT, OPEN_BADGES_V3_CONTEXT],
    id: certificateUrl(siteUrl, c),
    type: ["VerifiableCredential", "OpenBadgeCredential"],
    name: program ? `Master certificate: ${c.title}` : `Certificate of completion: ${c.title}`,
    issuer: { id: issuerDid(siteUrl), type: ["Profile"], name: found.issuer.name, url: siteUrl },
    validFrom: c.issuedAt.toISOString(),
    credentialSubject: {
      type: ["AchievementSubject"],
      // The recipient as the certificate names them; no e-mail or account id is ever written in a credential.
      identifier: [{ type: "IdentityObject", identityHash: c.recipientName, identityType: "name", hashed: false }],
      achievement: {
        id: `urn:uuid:${(program ? c.programId : c.courseId) ?? c.id}`,
        type: ["Achievement"],
        achievementType: "Certificate",
        name: c.title,
        description: program
          ? `Master certificate of the program ${c.title}: every course of the program completed (${hours} hours of video).`
          : `Certificate of completion of the course ${c.title} (${hours} hours of video).`,
        criteria: {
          narrative: program
            ? "Complete every course of the program: every video watched (or marked complete where the batch allows it), every multiple-choice block completed and every essay challenge submitted."
            : "Watch every video of the course (90 % of each, or marked complete where the batch allows it), complete every multiple-choice block and submit every essay challenge.",
        },
      },
    },
    credentialStatus: {
      id: `${list}#${c.statusIndex}`,
      type: "BitstringStatusListEntry",
      statusPurpose: "revocation",
      statusListIndex: String(c.statusIndex),
      statusListCredential: list,
    },
  };
}

/** A certificate's credential, signed as a VC-JWT with the platform's current key. */
export async function signedCertificateCredential(deps: Deps, found: CertificateWithIssuer): Promise<string> {
  const keys = await issuerKeySet(deps);
  const key = await loadSigningKey(deps.env);
  return signCredential(openBadgeCredential(found, deps.siteUrl), key.privateKey, keys.currentKid);
}

/** The revocation status list of every certificate, signed as a VC-JWT: bit statusIndex is set for each revoked certificate. One query. */
export async function signedStatusList(deps: Deps): Promise<string> {
  const [row] = await deps.db
    .select({
      highest: sql<number>`coalesce(max(${certificates.statusIndex}), 0)::int`,
      revoked: sql<number[] | null>`array_agg(${certificates.statusIndex}) filter (where ${isNotNull(certificates.revokedAt)})`,
    })
    .from(certificates);
  const url = statusListUrl(deps.siteUrl);
  const keys = await issuerKeySet(deps);
  const key = await loadSigningKey(deps.env);
  const credential: UnsignedCredential = {
    "@context": [CREDENTIALS_V2_CONTEXT],
    id: url,
    type: ["VerifiableCredential", "BitstringStatusListCredential"],
    issuer: keys.did,
    validFrom: deps.now().toISOString(),
    credentialSubject: {
      id: `${url}#list`,
      type: "BitstringStatusList",
      statusPurpose: "revocation",
      encodedList: encodeStatusList((row?.revoked ?? []).map(Number), Number(row?.highest ?? 0)),
    },
  };
  return signCredential(credential, key.privateKey, keys.currentKid);
}

/**
 * What the server verifies a credential with: its own published key set and status list, built by
 * the same functions that serve /.well-known/jwks.json and the status list. A credential naming any
 * other issuer or status list is not the platform's, and fails.
 */
export function serverResolvers(deps: Deps): CredentialResolvers {
  return {
    issuerKeys: async (issuerId) => {
      const set = await issuerKeySet(deps);
      if (issuerId !== set.did) throw new Error(`${issuerId} is not this platform`);
      return jwksDocument(set);
    },
    statusList: async (url) => {
      if (url !== statusListUrl(deps.siteUrl)) throw new Error(`${url} is not this platform's status list`);
      return signedStatusList(deps);
    },
  };
}

/** Verifies a credential as a third party would, with what the platform publishes; only the platform is trusted as issuer. */
export async function verifyCertificateCredential(deps: Deps, jwt: string): Promise<CredentialVerification> {
  return verifyCredential(jwt, serverResolvers(deps), { now: deps.now(), trustedIssuer: issuerDid(deps.siteUrl) });
}
