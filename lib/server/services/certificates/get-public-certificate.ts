import "server-only";
import { certificateCredentialPath, formatIssueDate } from "@/lib/certificate-share";
import type { PublicCertificate, RevokedCertificateDetails } from "@/lib/contract/entities/certificates";
import type { Deps } from "../../deps";
import { ApiError, notFound } from "../../errors";
import { findCertificateByUid, issuedCertificate, type CertificateWithIssuer } from "./certificate-records";
import { HOLDER_DELETED } from "./certificate-decisions";
import { signedCertificateCredential, verifyCertificateCredential } from "./certificate-credential";

export const unknownCertificate = () =>
  notFound("No certificate has this address. Check that the link was copied whole, or ask its owner for it again.", "certificate_not_found");

/** A revoked certificate's 410: the message, and in `details` why and when, for a page to word in its own language. */
const revokedCertificate = (revokedAt: Date, reason: string | null) =>
  new ApiError(
    410,
    "certificate_revoked",
    reason === HOLDER_DELETED
      ? `This certificate was withdrawn on ${formatIssueDate(revokedAt.toISOString())}: its holder's account was deleted at their request.`
      : `This certificate was revoked by its issuer on ${formatIssueDate(revokedAt.toISOString())} and is no longer valid.`,
    {},
    { withdrawn: reason === HOLDER_DELETED, revokedAt: revokedAt.toISOString() } satisfies RevokedCertificateDetails,
  );

/** An issued certificate anyone may see: 404 for an unknown id, 410 once revoked (nothing else about it is told). One query. */
export async function findShareableCertificate(deps: Deps, uid: string): Promise<CertificateWithIssuer> {
  const found = await findCertificateByUid(deps.db, uid);
  if (!found) throw unknownCertificate();
  if (found.certificate.revokedAt) throw revokedCertificate(found.certificate.revokedAt, found.certificate.revocationReason);
  return found;
}

/**
 * GET /course/getCertificateById: what the public share page shows, to anyone: the learner's name as
 * written on the certificate, the course or program, its hours, the issue date, the issuer's branding,
 * and the verification of its signed credential (signature with the published keys, issuer, format,
 * dates, revocation status), done with the code a third party would run. Never an e-mail, an account
 * id, or anything of the learner's other certificates.
 */
export async function getPublicCertificate(deps: Deps, uid: string): Promise<PublicCertificate> {
  const found = await findShareableCertificate(deps, uid);
  const checkedAt = deps.now().toISOString();
  const verification = await verifyCertificateCredential(deps, await signedCertificateCredential(deps, found));
  const c = found.certificate;
  const shown = issuedCertificate(c, deps.siteUrl);
  return {
    ...shown,
    certificateUID: c.uid,
    shareType: c.kind,
    url: shown.url!,
    issuedDate: c.issuedAt.toISOString(),
    isRevoked: false,
    issuer: found.issuer,
    credentialUrl: certificateCredentialPath(c.uid),
    verification: {
      verified: verification.verified,
      checks: verification.checks,
      issuerId: verification.issuerId,
      keyId: verification.keyId,
      validFrom: credentialDate(verification.credential?.validFrom),
      validUntil: credentialDate(verification.credential?.validUntil),
      checkedAt,
    },
  };
}

/** The signed credential of a certificate, for download: 404 unknown, 410 revoked. */
export async function getCertificateCredential(deps: Deps, uid: string): Promise<{ jwt: string; filename: string }> {
  const found = await findShareableCertificate(deps, uid);
  return { jwt: await signedCertificateCredential(deps, found), filename: `certificate-${found.certificate.uid}.jwt` };
}

/** A validity date the credential states, as an ISO date-time; null when absent or unreadable. */
function credentialDate(value: unknown): string | null {
  const time = typeof value === "string" ? Date.parse(value) : NaN;
  return Number.isNaN(time) ? null : new Date(time).toISOString();
}
