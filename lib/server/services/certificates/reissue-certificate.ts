import "server-only";
import type { Deps } from "../../deps";
import { decisionAnswer, reissueCertificateRow } from "./certificate-decisions";

/** POST /course/certificate/reissue: an administrator clears a revocation; the certificate keeps its UID and address. */
export async function reissueCertificate(deps: Deps, uid: string) {
  return decisionAnswer(await reissueCertificateRow(deps.db, uid));
}
