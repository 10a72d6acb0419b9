import { z } from "zod";
import { defineCall } from "../call";
import { successBody } from "../common";
import { certificate, certificateStatus, issuerDidDocument, issuerJwks, publicCertificate } from "../entities/certificates";
import { idOf } from "../fields";

// Certificates: the learner's list, one by its UID, issuing, and what anyone needs to verify one.

export const listCertificates = defineCall({
  method: "GET",
  group: "/course",
  path: "/getCertificates",
  summary:
    "The learner's certificates: the issued ones, newest first (certificates due are issued first), then the courses and programs whose certificate is still to earn.",
  access: "learner",
  response: z.array(certificate),
});

export const getPublicCertificate = defineCall({
  method: "GET",
  group: "/course",
  path: "/getCertificateById",
  summary:
    "One issued certificate by the public id in its share link, as its public page shows it: open to anyone, signed in or not. 404 for an unknown id, 410 once revoked.",
  access: "anonymous",
  errors: ["certificate_not_found", "certificate_revoked", "signing_key_missing"],
  query: z.object({ certificateUID: idOf("certificateUID") }),
  response: publicCertificate,
});

export const getCertificateStatus = defineCall({
  method: "GET",
  group: "/course",
  path: "/getCertificateStatus",
  summary: "Whether an issued certificate is still valid (active) or revoked; 404 for an unknown id. Open to anyone.",
  access: "anonymous",
  errors: ["certificate_not_found"],
  query: z.object({ certificateUID: idOf("certificateUID") }),
  response: certificateStatus,
});

export const generateCertificates = defineCall({
  method: "POST",
  group: "/dashboard",
  path: "/generateCertificates",
  summary: "Issues the certificates the learner has earned and not yet received. Calling it again issues nothing twice.",
  access: "learner",
  response: successBody.extend({
    certificates: z.array(certificate).describe("The certificates issued by this call; empty when none were due"),
  }),
});

const revocationResult = certificateStatus.extend({
  revokedAt: z.string().nullable().describe("When it was revoked (ISO 8601); null while it is valid"),
  revocationReason: z.string().nullable(),
});

export const revokeCertificate = defineCall({
  method: "POST",
  group: "/course",
  path: "/certificate/revoke",
  summary:
    "Revokes an issued certificate: its share page then answers 410 and its credential's status says revoked; the certificate and its address are kept. Revoking it again changes nothing. 404 for an unknown id. For administrators only.",
  access: "admin",
  errors: ["certificate_not_found"],
  body: z.object({
    certificateUID: idOf("certificateUID"),
    reason: z.string().trim().min(1, "reason must not be empty").max(500, "reason must be at most 500 characters").optional().describe("Shown to no one but operators"),
  }),
  response: revocationResult,
});

export const reissueCertificate = defineCall({
  method: "POST",
  group: "/course",
  path: "/certificate/reissue",
  summary: "Clears a certificate's revocation: the same id, address and credential are valid again. 404 for an unknown id. For administrators only.",
  access: "admin",
  errors: ["certificate_not_found"],
  body: z.object({ certificateUID: idOf("certificateUID") }),
  response: revocationResult,
});

export const getIssuerJwks = defineCall({
  method: "GET",
  group: "",
  path: "/.well-known/jwks.json",
  summary: "The public keys certificate credentials are signed with, as a JSON Web Key Set (also served at /.well-known/jwks.json).",
  access: "anonymous",
  errors: ["signing_key_missing"],
  response: issuerJwks,
});

export const getIssuerDidDocument = defineCall({
  method: "GET",
  group: "",
  path: "/.well-known/did.json",
  summary: "The issuer's did:web DID document, publishing the keys certificate credentials are signed with (also served at /.well-known/did.json).",
  access: "anonymous",
  errors: ["signing_key_missing"],
  response: issuerDidDocument,
});
