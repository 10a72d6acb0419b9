/**
 * The achievements area's public face: the service of each of its calls (a call's contract key,
 * client function, service function and file share one name), and what other areas use: awarding
 * the badges an action may have earned, and the badges as the dashboard counts them.
 */
export { awardAfterAction, awardEarnedBadges, badgesEarned, learnerBadges, rememberTimeZone, watchMayEarnBadge } from "./award-badges";
export { getAchievementsDetails } from "./get-achievements-details";
