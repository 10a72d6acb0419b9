import "server-only";
import { and, asc, count, eq, inArray, isNull } from "drizzle-orm";
import { essayAttempts, essayEvaluations, users } from "../../db/schema";
import type { Deps } from "../../deps";
import type { User } from "../../domain/user";
import { isSubmitted, liveClaim, notEvaluated } from "../grading";
import { refuseNonAdmin } from "./refuse-non-admin";

/**
 * GET /studio/grading/graders: who may be assigned essays (graders and administrators who are not
 * deactivated), by name, each with the essays not yet graded they hold now. Two queries.
 */
export async function listGraders(deps: Deps, user: User) {
  refuseNonAdmin(user);
  const now = deps.now();
  const people = await deps.db
    .select({ id: users.id, name: users.name, email: users.email, role: users.role })
    .from(users)
    .where(and(inArray(users.role, ["grader", "admin"]), isNull(users.deactivatedAt)))
    .orderBy(asc(users.name), asc(users.email));
  const held = people.length
    ? await deps.db
        .select({ graderId: essayAttempts.claimedBy, n: count() })
        .from(essayAttempts)
        .leftJoin(essayEvaluations, eq(essayEvaluations.attemptId, essayAttempts.id))
        .where(and(isSubmitted, notEvaluated, liveClaim(now)))
        .groupBy(essayAttempts.claimedBy)
    : [];
  const holding = new Map(held.map((h) => [h.graderId, Number(h.n)]));
  return {
    graders: people.map((p) => ({ id: p.id, name: p.name, email: p.email, role: p.role as "grader" | "admin", holding: holding.get(p.id) ?? 0 })),
  };
}
