import "server-only";
import { autoEnrollMembers } from "../../domain/enrollment";
import { inArray, sql } from "drizzle-orm";
import { hashToken, newToken } from "../../auth/tokens";
import { batches, batchMembers, invites, studioAudit, users } from "../../db/schema";
import type { Deps } from "../../deps";
import type { User } from "../../domain/user";
import { ApiError } from "../../errors";
import { OPERATOR_LINK_TTL_MS } from "../sign-in";
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

  // One statement per table, its rows in one JSON parameter: statements of thousands of parameters,
  // a chunk at a time, cost the embedded database more.
  const people = rows.map((r) => ({
    email: r.email,
    name: r.name,
    user_kind: r.userKind,
    plan: r.plan,
    role: r.role,
    preferred_language: r.preferredLanguage,
    access_expires_at: r.accessExpiresAt?.toISOString() ?? null,
    // The token is made when the e-mail is sent (lib/server/mail/outbox.ts); until then nobody holds one.
    token_hash: hashToken(newToken()),
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
      status: "active",
    },
  }));
  const members = rows.flatMap((r) => r.batches.map((key) => ({ email: r.email, batch_id: batchIds.get(key)! })));
  const expiresAt = new Date(now.getTime() + OPERATOR_LINK_TTL_MS);
  const inviteIds = await deps.db.transaction(async (tx) => {
    const json = (value: unknown) => sql`${JSON.stringify(value)}::jsonb`;
    await tx.execute(sql`
      insert into ${users} (email, name, user_kind, plan, role, preferred_language, access_expires_at, created_at)
      select r.email, r.name, r.user_kind, r.plan, r.role, r.preferred_language, r.access_expires_at, ${now.toISOString()}::timestamptz
        from jsonb_to_recordset(${json(people)}) as r(email text, name text, user_kind user_kind, plan plan, role user_role,
             preferred_language preferred_language, access_expires_at timestamptz)`);
    if (members.length) {
      const added = await tx.execute<{ user_id: string }>(sql`
        insert into ${batchMembers} (batch_id, user_id)
        select r.batch_id, u.id from jsonb_to_recordset(${json(members)}) as r(email text, batch_id uuid) join ${users} u on u.email = r.email
        returning user_id`);
      // Members are enrolled by their batches now, whether or not they ever sign in (docs/enrollment.md).
      await autoEnrollMembers(tx, [...new Set((added.rows as { user_id: string }[]).map((row) => row.user_id))]);
    }
    const made = await tx.execute<{ id: string }>(sql`
      insert into ${invites} (user_id, token_hash, redirect_url, source, expires_at, created_at)
      select u.id, r.token_hash, '/dashboard', 'operator', ${expiresAt.toISOString()}::timestamptz, ${now.toISOString()}::timestamptz
        from jsonb_to_recordset(${json(people)}) as r(email text, token_hash text) join ${users} u on u.email = r.email
      returning id`);
    await tx.execute(sql`
      insert into ${studioAudit} (user_id, target_user_id, action, summary, after, created_at)
      select ${actor?.id ?? null}::uuid, u.id, 'person.import', r.summary, r.after, ${now.toISOString()}::timestamptz
        from jsonb_to_recordset(${json(people)}) as r(email text, summary text, after jsonb) join ${users} u on u.email = r.email`);
    return (made.rows as { id: string }[]).map((row) => row.id);
  });
  await deps.jobs.sendMany(
    "mail",
    inviteIds.map((id) => ({ key: invitationJobKey(id), data: { template: "sign-in" as const, inviteId: id } })),
  );
  return { dryRun: false, rows: rows.length, created: rows.length, invited: inviteIds.length, problems: [] };
}
