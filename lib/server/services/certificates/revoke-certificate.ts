import "server-only";
import type { Deps } from "../../deps";
import { decisionAnswer, revokeCertificateRow } from "./certificate-decisions";

/** POST /course/certificate/revoke: an administrator revokes an issued certificate; revoking it again changes nothing. */
export async function revokeCertificate(deps: Deps, uid: string, reason: string | null) {
  return decisionAnswer(await revokeCertificateRow(deps.db, uid, reason, deps.now()));
}
