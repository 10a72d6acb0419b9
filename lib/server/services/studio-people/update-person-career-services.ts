import "server-only";
import { recordAudit } from "../../domain/audit";
import { eq } from "drizzle-orm";
import { writeCareerServiceRecords } from "@/lib/server/content/writers/career-services";
import { ContentIds } from "@/lib/server/content/writers/rows";
import { users } from "../../db/schema";
import type { Deps } from "../../deps";
import type { User } from "../../domain/user";
import { readRecord, type CareerServices } from "./get-person-career-services";
import { findPerson } from "./person-view";

/**
 * PUT /studio/person/career-services: replaces the record through the content writer an import of
 * career-services.yaml uses (so both keep the same rules and the same order), sets the access flag,
 * and records before and after in the audit log; all in one transaction.
 */
export async function updatePersonCareerServices(deps: Deps, actor: User, input: { id: string; careerServices: CareerServices }) {
  const person = await findPerson(deps, input.id);
  const before = await readRecord(deps, person.id, person.hasCareerServicesAccess);
  const next = input.careerServices;
  const now = deps.now();
  await deps.db.transaction(async (tx) => {
    await tx.update(users).set({ hasCareerServicesAccess: next.hasAccess }).where(eq(users.id, person.id));
    const ids = new ContentIds();
    ids.users.set(person.email, person.id);
    await writeCareerServiceRecords(
      tx,
      [
        {
          email: person.email,
          csetAttemptsAllowed: next.csetAttemptsAllowed,
          csetAttempts: next.csetAttempts.map((a) => ({ takenAt: new Date(a.takenAt), result: a.result })),
          mockInterviews: next.mockInterviews,
          clientInterviews: next.clientInterviews,
          offers: next.offers.map((o) => ({ company: o.company, role: o.role, receivedAt: new Date(o.receivedAt) })),
        },
      ],
      ids,
      now,
    );
    await recordAudit(tx, {
      actorId: actor.id,
      targetUserId: person.id,
      action: "person.career-services",
      summary: `Changed the career-services record of ${person.email}`,
      before: before.careerServices,
      after: next,
      at: now,
    });
  });
  return readRecord(deps, person.id, next.hasAccess);
}
