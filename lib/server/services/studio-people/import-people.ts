import "server-only";
import { inArray } from "drizzle-orm";
import { hashToken, newToken } from "../../auth/tokens";
import { batches, batchMembers, invites, users } from "../../db/schema";
import type { Deps } from "../../deps";
import type { User } from "../../domain/user";
import { ApiError } from "../../errors";
import { OPERATOR_LINK_TTL_MS } from "../sign-in";
import { recordPeopleAudit } from "./audit";
import { problemText, readPeopleCsv, type PeopleCsvProblem } from "./people-csv";
import { invitationJobKey } from "./person-view";

export interface PeopleImportResult {
  dryRun: boolean;
  rows: number;
  created: number;
  invited: number;
  problems: PeopleCsvProblem[];
}

const CHUNK = 1000;

/**
 * Imports a people CSV file, all or nothing. Every row is checked first (the file's own rules, then
 * e-mails that already have an account: an import only adds people, it never changes one, so such a
 * row is a problem). With any problem nothing is written: a dry run answers with the list, an import
 * is refused with it (422). Otherwise one transaction adds the people, their batches, one invitation
 * link each and the audit rows; once it has committed, one invitation e-mail per new person is queued
 * with the job engine (the mail job, keyed by the link, so a retry sends nothing twice).
 */
export async function importPeople(deps: Deps, actor: User | null, file: string | Uint8Array, options: { dryRun: boolean }): Promise<PeopleImportResult> {
  const now = deps.now();
  const knownBatches = await deps.db.select({ id: batches.id, key: batches.key }).from(batches);
  const batchIds = new Map(knownBatches.map((b) => [b.key, b.id]));
  const { rows, problems } = readPeopleCsv(file, { batchKeys: new Set(batchIds.keys()), now });

  const existing = new Set<string>();
  for (let at = 0; at < rows.length; at += CHUNK) {
    const emails = rows.slice(at, at + CHUNK).map((r) => r.email);
    for (const found of await deps.db.select({ email: users.email }).from(users).where(inArray(users.email, emails))) existing.add(found.email);
  }
  for (const row of rows) {
    if (existing.has(row.email)) problems.push({ line: row.line, message: `email ${row.email} already has an account: change that person on their page instead` });
  }
  problems.sort((a, b) => (a.line ?? 0) - (b.line ?? 0));
  const counted = rows.length + problems.filter((p) => p.line !== null && p.line > 1).length;

  if (problems.length) {
    const result = { dryRun: options.dryRun, rows: counted, created: 0, invited: 0, problems };
    if (options.dryRun) return result;
    throw new ApiError(
      422,
      "people_import_invalid",
      `Nothing was imported: the file has ${problems.length} problem${problems.length === 1 ? "" : "s"}. ${problems.slice(0, 3).map(problemText).join(". ")}${problems.length > 3 ? ". …" : ""}`,
      {},
      { problems },
    );
  }
  if (options.dryRun) return { dryRun: true, rows: rows.length, created: rows.length, invited: 0, problems: [] };

  const inviteIds = await deps.db.transaction(async (tx) => {
    const made: string[] = [];
    for (let at = 0; at < rows.length; at += CHUNK) {
      const chunk = rows.slice(at, at + CHUNK);
      const inserted = await tx
        .insert(users)
        .values(
          chunk.map((r) => ({
            email: r.email,
            name: r.name,
            userKind: r.userKind,
            plan: r.plan,
            role: r.role,
            preferredLanguage: r.preferredLanguage,
            accessExpiresAt: r.accessExpiresAt,
            createdAt: now,
          })),
        )
        .returning({ id: users.id, email: users.email });
      const idOf = new Map(inserted.map((u) => [u.email, u.id]));
      const members = chunk.flatMap((r) => r.batches.map((key) => ({ batchId: batchIds.get(key)!, userId: idOf.get(r.email)! })));
      if (members.length) await tx.insert(batchMembers).values(members);
      const links = await tx
        .insert(invites)
        .values(
          chunk.map((r) => ({
            userId: idOf.get(r.email)!,
            // The token is made when the e-mail is sent (lib/server/mail/outbox.ts); until then nobody holds one.
            tokenHash: hashToken(newToken()),
            redirectUrl: "/dashboard",
            source: "operator" as const,
            expiresAt: new Date(now.getTime() + OPERATOR_LINK_TTL_MS),
            createdAt: now,
          })),
        )
        .returning({ id: invites.id });
      made.push(...links.map((l) => l.id));
      await recordPeopleAudit(
        tx,
        chunk.map((r) => ({
          actorId: actor?.id ?? null,
          targetUserId: idOf.get(r.email)!,
          action: "person.import" as const,
          summary: `Imported ${r.email} from a CSV file (line ${r.line})`,
          after: {
            email: r.email,
            name: r.name,
            userKind: r.userKind,
            plan: r.plan,
            role: r.role,
            preferredLanguage: r.preferredLanguage,
            batches: r.batches,
            accessExpiresAt: r.accessExpiresAt?.toISOString() ?? null,
            status: "active" as const,
          },
          at: now,
        })),
      );
    }
    return made;
  });
  await deps.jobs.sendMany(
    "mail",
    inviteIds.map((id) => ({ key: invitationJobKey(id), data: { template: "sign-in" as const, inviteId: id } })),
  );
  return { dryRun: false, rows: rows.length, created: rows.length, invited: inviteIds.length, problems: [] };
}
