import "server-only";
import type { users } from "../db/schema";

/** The acting user: the signed-in user's row, which every service takes to check what they may touch. */
export type User = typeof users.$inferSelect;
