/** What other areas use of achievements: awarding the badges an action may have earned, and the badges as the dashboard counts them. */
export { awardAfterAction, awardEarnedBadges, badgesEarned, learnerBadges, rememberTimeZone, watchMayEarnBadge } from "./award-badges";
