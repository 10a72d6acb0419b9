import "server-only";
import { recordAudit } from "../../domain/audit";
import { and, desc, eq, sql } from "drizzle-orm";
import { slugify } from "@/lib/slug";
import { programCourses, programs, studioAudit, users } from "../../db/schema";
import type { Deps } from "../../deps";
import type { User } from "../../domain/user";
import { ApiError } from "../../errors";
import { type ProgramAuditRow } from "./audit";
import { checkedCourses, checkImage } from "./program-settings";
import { findProgram, programCourseRows, programSnapshot, programView, type ProgramCourseEntry, type ProgramSnapshot, type Tx } from "./program-view";

export interface ProgramChange {
  id: string;
  revision: number;
  name?: string;
  description?: string;
  image?: string | null;
  sequential?: boolean;
  lockedMessage?: string;
  courses?: ProgramCourseEntry[];
}

const FIELDS = ["name", "description", "image", "sequential", "lockedMessage", "courses"] as const;

/** Who changed the program after the editor read it, for the refusal's message. */
async function lastChangeBy(tx: Tx, key: string) {
  const [last] = await tx
    .select({ name: users.name, email: users.email, at: studioAudit.createdAt })
    .from(studioAudit)
    .leftJoin(users, eq(users.id, studioAudit.userId))
    .where(and(eq(studioAudit.action, "program.update"), sql`${studioAudit.after}->>'key' = ${key}`))
    .orderBy(desc(studioAudit.createdAt))
    .limit(1);
  return last ?? null;
}

/**
 * Changes a program's settings and course list (its key stays: programs.yaml and batches name it).
 * The change names the revision it was based on; the stored row is locked and compared with it, so a
 * change another administrator saved meanwhile is never overwritten: 409 stale_program_revision, with
 * the program as it now is. The audit row holds the fields that changed, before and after.
 */
export async function updateProgram(deps: Deps, actor: User, change: ProgramChange) {
  await findProgram(deps.db, change.id);
  const list = change.courses ? await checkedCourses(deps, change.courses) : null;
  const now = deps.now();
  await deps.db.transaction(async (tx) => {
    const [row] = await tx.select().from(programs).where(eq(programs.id, change.id)).for("update");
    if (!row) throw new ApiError(404, "program_not_found", "No program has this id: it may have been deleted.");
    if (row.revision !== change.revision) {
      const by = await lastChangeBy(tx, row.key);
      const who = by ? `${by.name || by.email || "another administrator"} at ${by.at.toISOString().slice(0, 16).replace("T", " ")} UTC` : "another administrator";
      throw new ApiError(
        409,
        "stale_program_revision",
        `Not saved: ${who} changed this program after you opened it (you edited revision ${change.revision}, it is now at ${row.revision}). Nothing was overwritten; load the latest version to see their change, then make yours again.`,
        {},
        {
          currentRevision: row.revision,
          program: await programView(tx, row.id),
          yourRevision: change.revision,
          ...(by ? { changedBy: by.name || by.email || "", changedAt: by.at.toISOString() } : {}),
        },
      );
    }
    if (change.image !== undefined) await checkImage(deps, change.image, row.image);
    const currentList = await programCourseRows(tx, row.id);
    const next = {
      ...row,
      name: change.name ?? row.name,
      description: change.description ?? row.description,
      image: change.image === undefined ? row.image : change.image,
      sequential: change.sequential ?? row.sequential,
      lockedMessage: change.lockedMessage ?? row.lockedMessage,
    };
    const current = programSnapshot(row, currentList);
    const wanted = programSnapshot(next, list ?? currentList);
    const before: Partial<ProgramSnapshot> = {};
    const after: Partial<ProgramSnapshot> = {};
    for (const field of FIELDS) {
      if (JSON.stringify(current[field]) !== JSON.stringify(wanted[field])) {
        (before as Record<string, unknown>)[field] = current[field];
        (after as Record<string, unknown>)[field] = wanted[field];
      }
    }
    const changed = Object.keys(after);
    if (!changed.length) return;
    await tx
      .update(programs)
      .set({ name: next.name, slug: slugify(next.name), description: next.description, image: next.image, sequential: next.sequential, lockedMessage: next.lockedMessage, revision: row.revision + 1 })
      .where(eq(programs.id, row.id));
    if (list && "courses" in after) {
      await tx.delete(programCourses).where(eq(programCourses.programId, row.id));
      if (list.length) await tx.insert(programCourses).values(list.map((c, position) => ({ programId: row.id, courseId: c.courseId, courseType: c.courseType, position })));
    }
    await recordAudit<ProgramAuditRow>(tx, {
      actorId: actor.id,
      action: "program.update",
      summary: `Changed ${changed.join(", ")} of the program ${row.key}`,
      before: { key: row.key, ...before },
      after: { key: row.key, ...after },
      at: now,
    });
  });
  return { program: await programView(deps.db, change.id) };
}
