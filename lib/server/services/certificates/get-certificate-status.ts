import "server-only";
import type { Deps } from "../../deps";
import { findCertificateByUid } from "./certificate-records";
import { unknownCertificate } from "./get-public-certificate";

/** GET /course/getCertificateStatus: active or revoked; 404 for an unknown id. One query. */
export async function getCertificateStatus(deps: Deps, uid: string) {
  const found = await findCertificateByUid(deps.db, uid);
  if (!found) throw unknownCertificate();
  return { certificateUID: found.certificate.uid, shareType: found.certificate.kind, status: found.certificate.revokedAt ? ("revoked" as const) : ("active" as const) };
}
