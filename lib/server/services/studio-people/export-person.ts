import "server-only";
import { recordAudit } from "../../domain/audit";

import type { Deps } from "../../deps";
import type { User } from "../../domain/user";
import { personDataZip } from "./person-data";
import { findPerson } from "./person-view";

/** An administrator's export of one person's data (a zip); recorded in the audit log, since it hands out everything about them. */
export async function exportPerson(deps: Deps, actor: User, input: { id: string }) {
  const person = await findPerson(deps, input.id);
  const now = deps.now();
  await recordAudit(deps.db, { actorId: actor.id, targetUserId: person.id, action: "person.export", summary: `Exported the data of ${person.email}`, at: now });
  return personDataZip(deps, person.id, now);
}
