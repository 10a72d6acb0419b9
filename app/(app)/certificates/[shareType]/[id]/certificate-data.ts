import "server-only";
import { cache } from "react";
import { getPublicCertificate } from "@/lib/api/certificates";
import { errorDetails, errorMessage, errorStatus } from "@/lib/api/errors";
import { revokedCertificateDetails, type PublicCertificate, type RevokedCertificateDetails } from "@/lib/contract/entities/certificates";
import { serverCalls } from "@/lib/server/page-calls";

export type CertificateLookup =
  | { state: "found"; certificate: PublicCertificate }
  | { state: "missing" }
  | { state: "revoked"; message: string; details: RevokedCertificateDetails | null };

/**
 * A certificate as its public page shows it, through the same call anyone makes
 * (GET /course/getCertificateById, no sign-in needed); once per request for the page and its metadata.
 */
export const lookUpCertificate = cache(async (certificateUID: string): Promise<CertificateLookup> => {
  const { http } = await serverCalls();
  try {
    return { state: "found", certificate: await getPublicCertificate(certificateUID, http) };
  } catch (err) {
    const status = errorStatus(err);
    if (status === 404 || status === 400) return { state: "missing" };
    if (status === 410) return { state: "revoked", message: errorMessage(err), details: revokedCertificateDetails.safeParse(errorDetails(err)).data ?? null };
    throw err;
  }
});
