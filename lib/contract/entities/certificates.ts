import { z } from "zod";
import { isoDate } from "../common";
import { percent, minutes, hours, stillNeededItem } from "./shared";

// Certificates, their public share page and the signed credential's verification.
//
// Entities of spec section 3 (the user profile lives in ../user). Ids are strings, dates ISO 8601
// strings. Schemas with an `id` in their metadata become named components of the API description.

export const certificateShareType = z
  .enum(["course", "program"])
  .describe("The kind of certificate, as its share address spells it: course, or program for a master certificate");

export const certificate = z
  .object({
    certificateUID: z.string().nullable().describe("Public id of the certificate, used in its share link; null until issued"),
    userName: z.string(),
    courseId: z.string().describe("The course, or the program for a master certificate"),
    courseName: z.string(),
    totalCourseDurationInHours: hours,
    totalCourseDurationInMinutes: minutes.describe("Minutes of video of the course or program, whole: the length the pages show"),
    isCourseCompleted: z.boolean().describe("A certificate is issued only once the course is completed"),
    isMasterCertificate: z.boolean().describe("true for a certificate of a whole program"),
    url: z.string().nullable().describe("Address of the certificate's public share page ({site}/certificates/{shareType}/{certificateUID}); null until issued"),
    issuedDate: isoDate.nullable(),
    shareType: certificateShareType.optional(),
    isRevoked: z.boolean().optional().describe("true when the issuer has revoked the certificate: its share page answers 410 and it is no longer valid"),
    progressInPercentage: percent
      .optional()
      .describe("Share of the course (videos and challenges) or of the program (courses) completed, rounded down; 100 once earned"),
    stillNeeded: z
      .array(stillNeededItem)
      .optional()
      .describe("For a course certificate not earned yet: what the learner still has to do to complete the course"),
    issuerName: z.string().optional().describe("Who issued it: the learner's company when it was issued, else the product; absent until issued"),
  })
  .describe("A certificate of a course or program, issued or still to earn")
  .meta({ id: "Certificate" });
export type Certificate = z.infer<typeof certificate>;

export const certificateCheck = z
  .object({
    name: z.enum(["signature", "issuer", "format", "validity", "status"]),
    passed: z.boolean(),
    message: z.string().describe("What was checked and what was found, in words"),
  })
  .describe("One check of a credential's verification");
export type CertificateCheck = z.infer<typeof certificateCheck>;

export const certificateVerification = z
  .object({
    verified: z.boolean().describe("Every check passed: signature, issuer, format, validity dates and revocation status"),
    checks: z.array(certificateCheck),
    issuerId: z.string().nullable().describe("The issuer's decentralized identifier (did:web), whose published keys signed the credential"),
    keyId: z.string().nullable().describe("The key that signed the credential"),
    validFrom: isoDate.nullable().describe("From when the credential says it is valid; null when it could not be read"),
    validUntil: isoDate.nullable().describe("When the credential says it expires; null for no expiry, or when it could not be read"),
    checkedAt: isoDate,
  })
  .describe("The verification of a certificate's signed credential, done by the server with the issuer's published keys and status list, as a third party would")
  .meta({ id: "CertificateVerification" });
export type CertificateVerification = z.infer<typeof certificateVerification>;

export const certificateIssuer = z
  .object({
    name: z.string().describe("The issuing company (the learner's), else the product"),
    logoUrl: z.string().nullable(),
    logoDarkUrl: z.string().nullable(),
  })
  .describe("Who issued the certificate, with its branding");

export const publicCertificate = certificate
  .extend({
    certificateUID: z.string(),
    shareType: certificateShareType,
    url: z.string(),
    issuedDate: isoDate,
    issuer: certificateIssuer,
    credentialUrl: z.string().describe("Where the signed Open Badges 3.0 credential (a VC-JWT) is downloaded"),
    verification: certificateVerification,
  })
  .describe("What a certificate's public share page shows, and nothing else: no e-mail, no account id, nothing of other certificates")
  .meta({ id: "PublicCertificate" });
export type PublicCertificate = z.infer<typeof publicCertificate>;

export const certificateStatus = z
  .object({
    certificateUID: z.string(),
    shareType: certificateShareType,
    status: z.enum(["active", "revoked"]),
  })
  .describe("Whether an issued certificate is still valid")
  .meta({ id: "CertificateStatus" });

const publicJwk = z
  .object({ kty: z.string(), crv: z.string().optional(), x: z.string().optional(), kid: z.string(), alg: z.string(), use: z.string() })
  .describe("A public key as a JSON Web Key");

export const issuerJwks = z
  .object({ keys: z.array(publicJwk).describe("The current signing key first, then retired keys still accepted") })
  .describe("The public keys certificate credentials are signed with (JSON Web Key Set)")
  .meta({ id: "IssuerJwks" });

export const issuerDidDocument = z
  .object({
    "@context": z.array(z.string()),
    id: z.string().describe("The issuer's did:web identifier"),
    verificationMethod: z.array(
      z.object({ id: z.string(), type: z.string(), controller: z.string(), publicKeyJwk: z.object({ kty: z.string(), crv: z.string().optional(), x: z.string().optional() }) }),
    ),
    assertionMethod: z.array(z.string()),
  })
  .describe("The issuer's DID document (did:web), publishing the keys certificate credentials are signed with")
  .meta({ id: "IssuerDidDocument" });

/** The `details` of a certificate_revoked refusal: why and when the certificate stopped being valid. */
export const revokedCertificateDetails = z
  .object({
    withdrawn: z.boolean().describe("True when it was withdrawn because its holder's account was deleted at their request; false when its issuer revoked it"),
    revokedAt: isoDate,
  })
  .meta({ id: "RevokedCertificateDetails" });
export type RevokedCertificateDetails = z.infer<typeof revokedCertificateDetails>;
