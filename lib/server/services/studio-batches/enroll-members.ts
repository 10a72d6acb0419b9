import "server-only";
import { autoEnrollMember } from "../../domain/enrollment";
import type { Deps } from "../../deps";

/**
 * Enrolls people as their batches say (the domain's autoEnrollMember: a System batch in every course
 * of its program, a Customer batch in its mandatory ones; No Auto Enrollment in none), keeping every
 * enrollment they have. Run after the membership write has committed; the learner's next visit
 * computes the same, so a failure here loses nothing.
 */
export async function enrollMembers(deps: Deps, userIds: string[]) {
  for (const userId of userIds) await autoEnrollMember(deps.db, userId);
}
