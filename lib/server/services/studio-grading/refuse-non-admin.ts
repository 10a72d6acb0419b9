import "server-only";
import type { User } from "../../domain/user";
import { forbidden } from "../../errors";

/** Grading oversight is for administrators; the call's contract says so too, and this holds for any other caller. */
export function refuseNonAdmin(user: User) {
  if (user.role !== "admin") throw forbidden("Only administrators oversee grading.", "role_required");
}
