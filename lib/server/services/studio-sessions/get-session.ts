import "server-only";
import { asc, eq } from "drizzle-orm";
import { meetingRegistrations, users } from "../../db/schema";
import type { Deps } from "../../deps";
import { findSession, sessionViews } from "./session-view";

/** One session and everyone registered for it, earliest registration first. */
export async function getSession(deps: Deps, query: { id: string }) {
  const row = await findSession(deps.db, query.id);
  const [session] = await sessionViews(deps.db, [row], deps.now());
  const registrants = await deps.db
    .select({ id: users.id, name: users.name, email: users.email, registeredAt: meetingRegistrations.createdAt })
    .from(meetingRegistrations)
    .innerJoin(users, eq(users.id, meetingRegistrations.userId))
    .where(eq(meetingRegistrations.meetingId, row.id))
    .orderBy(asc(meetingRegistrations.createdAt), asc(users.email));
  return { session: session!, registrants: registrants.map((r) => ({ ...r, registeredAt: r.registeredAt.toISOString() })) };
}
