import "server-only";
import { eq } from "drizzle-orm";
import type { UserProfile } from "@/lib/contract/user";
import type { Db } from "../../db/client";
import { users } from "../../db/schema";
import { getUserProfile, type UserRow } from "./get-user-profile";

/** PATCH /user/preferredLanguage: the signed-in user's own language, for their pages and e-mails; their profile as it is now. */
export async function updatePreferredLanguage(db: Db, user: UserRow, input: { preferredLanguage: UserRow["preferredLanguage"] }): Promise<UserProfile> {
  const [updated] = await db.update(users).set({ preferredLanguage: input.preferredLanguage }).where(eq(users.id, user.id)).returning();
  return getUserProfile(db, updated ?? user);
}
