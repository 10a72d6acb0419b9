import "server-only";
import type { Deps } from "../../deps";
import { autoEnrollMember } from "../../domain/enrollment";
import type { User } from "../../domain/user";
import { issuedCertificate } from "./certificate-records";
import { issueEarnedCertificates } from "./issue-certificates";

/** POST /dashboard/generateCertificates: issues what the learner has earned and not received; calling it again issues nothing. */
export async function generateCertificates(deps: Deps, user: User) {
  await autoEnrollMember(deps.db, user.id);
  const { issued } = await issueEarnedCertificates(deps, user, deps.now());
  return {
    isSuccess: true,
    message: issued.length
      ? `${issued.length} certificate${issued.length === 1 ? "" : "s"} issued.`
      : "No new certificate: every certificate you have earned is issued already. Complete a course (every video and challenge) to earn the next one.",
    certificates: issued.map((c) => issuedCertificate(c, deps.siteUrl)),
  };
}
