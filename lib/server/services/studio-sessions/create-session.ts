import "server-only";
import { recordAudit } from "../../domain/audit";
import { randomUUID } from "node:crypto";
import { meetings } from "../../db/schema";
import type { Deps } from "../../deps";
import type { User } from "../../domain/user";
import { badRequest } from "../../errors";
import { instantOf, knownCourse, sessionSnapshot, sessionViews, courseKeyOf, type SessionAuditRow } from "./session-view";

export interface NewSession {
  title: string;
  description: string;
  courseId: string | null;
  startLocal: string;
  timeZone: string;
  durationInMinutes: number;
  joinLink: string;
  hostName: string;
  hostEmail: string;
}

/**
 * Makes a session, starting in the future, with its audit row in the same transaction. Its key is
 * `studio-` and its id, so no meetings.yaml key can be the same by chance; it is the studio's
 * (studio_edited_at), so an import never overwrites it.
 */
export async function createSession(deps: Deps, actor: User, input: NewSession) {
  const startDate = instantOf(input.startLocal, input.timeZone);
  const now = deps.now();
  if (startDate <= now) throw badRequest(`startLocal: ${input.startLocal} (${input.timeZone}) is not in the future; a new session must start later than now`, "meeting_start_past");
  if (input.courseId) await knownCourse(deps.db, input.courseId);
  const id = randomUUID();
  const values = {
    id,
    key: `studio-${id}`,
    title: input.title,
    description: input.description,
    courseId: input.courseId,
    meetingTakerName: input.hostName,
    meetingTakerEmail: input.hostEmail,
    startDate,
    durationInMinutes: input.durationInMinutes,
    joinLink: input.joinLink,
    timeZone: input.timeZone,
    updatedAt: now,
    studioEditedAt: now,
  };
  const row = await deps.db.transaction(async (tx) => {
    const [made] = await tx.insert(meetings).values(values).returning();
    await recordAudit<SessionAuditRow>(tx, {
      actorId: actor.id,
      action: "session.create",
      summary: `Created the group session "${input.title}"`,
      after: { id, ...sessionSnapshot(values, await courseKeyOf(tx, input.courseId)) },
      at: now,
    });
    return made!;
  });
  return { session: (await sessionViews(deps.db, [row], now))[0]! };
}
