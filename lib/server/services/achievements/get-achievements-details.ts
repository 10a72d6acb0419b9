import "server-only";
import type { Certificate } from "@/lib/contract/entities/certificates";
import type { Badge } from "@/lib/contract/entities/achievements";
import type { Deps } from "../../deps";
import { autoEnrollMember } from "../../domain/enrollment";
import { certificatesEarned, issuedCertificate, issueEarnedCertificates } from "../certificates";
import type { User } from "../../domain/user";
import { awardEarnedBadges, badgesEarned, learnerBadges, rememberTimeZone } from "./award-badges";

export interface AchievementsDetails {
  badgesEarned: number;
  certificatesEarned: number;
  badges: Badge[];
  certificates: Certificate[];
}

/**
 * GET /dashboard/getAchievementsDetails: every badge (earned ones with the moment they were earned,
 * the others with what earns them) and the certificates the learner holds. What is due is awarded
 * and issued first, so the page never lags behind the learner's records. The figures are the
 * dashboard's (learner-stats.ts).
 */
export async function getAchievementsDetails(deps: Deps, actor: User, query: { timeZone?: string }): Promise<AchievementsDetails> {
  const user = await rememberTimeZone(deps.db, actor, query.timeZone);
  await autoEnrollMember(deps.db, user.id);
  const certificates = await issueEarnedCertificates(deps, user, deps.now());
  const { held } = await awardEarnedBadges(deps.db, user, { enrolled: certificates.enrolled });
  const valid = certificates.all
    .filter((c) => c.revokedAt === null)
    .sort((a, b) => b.issuedAt.getTime() - a.issuedAt.getTime() || a.title.localeCompare(b.title));
  const badges = learnerBadges(held);
  return {
    badgesEarned: badgesEarned(badges),
    certificatesEarned: certificatesEarned(certificates.all),
    badges,
    certificates: valid.map((c) => issuedCertificate(c, deps.siteUrl)),
  };
}
