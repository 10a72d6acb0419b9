/** What other areas use of challenges: a block as the learning page shows it before an attempt, and moving essay attempts to a new course version. */
export { essayBlockBeforeAttempt, mcqBlockBeforeAttempt } from "./challenge-page";
export { migrateEssayAttempts, type EssayMigration } from "./migrate-essay-attempts";
