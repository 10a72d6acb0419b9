import "server-only";
import { and, inArray, isNull } from "drizzle-orm";
import { users } from "../../db/schema";
import type { Deps } from "../../deps";
import type { User } from "../../domain/user";
import { ApiError } from "../../errors";
import { addMembers, membersAmong } from "./add-members";
import { findBatch } from "./batch-view";
import { readMembersCsv, type MembersCsvProblem } from "./members-csv";

const CHUNK = 1000;
const problemText = (p: MembersCsvProblem) => (p.line === null ? p.message : `line ${p.line}: ${p.message}`);

/**
 * Adds the people of a CSV file of e-mails to a batch, all or nothing: every line is checked first
 * (a bad e-mail, a repeated one, one nobody has); with any problem nobody is added: a dry run answers
 * with the list, an import is refused with it (422). People already in the batch are counted, not
 * refused.
 */
export async function importBatchMembers(deps: Deps, actor: User, id: string, file: string | Uint8Array, options: { dryRun: boolean }) {
  const batch = await findBatch(deps, id);
  const { rows, problems } = readMembersCsv(file);
  const people = new Map<string, string>();
  for (let at = 0; at < rows.length; at += CHUNK) {
    const emails = rows.slice(at, at + CHUNK).map((r) => r.email);
    const found = await deps.db
      .select({ id: users.id, email: users.email })
      .from(users)
      .where(and(inArray(users.email, emails), isNull(users.deletedAt)));
    for (const p of found) people.set(p.email, p.id);
  }
  for (const row of rows) if (!people.has(row.email)) problems.push({ line: row.line, message: `no one has the e-mail ${row.email}: add them on the People page first` });
  problems.sort((a, b) => (a.line ?? 0) - (b.line ?? 0));
  const counted = rows.length + problems.filter((p) => p.line !== null && p.line > 1 && !rows.some((r) => r.line === p.line)).length;

  if (problems.length) {
    const result = { dryRun: options.dryRun, rows: counted, added: 0, alreadyMembers: 0, problems };
    if (options.dryRun) return result;
    throw new ApiError(
      422,
      "batch_members_import_invalid",
      `Nobody was added: the file has ${problems.length} problem${problems.length === 1 ? "" : "s"}. ${problems.slice(0, 3).map(problemText).join(". ")}${problems.length > 3 ? ". …" : ""}`,
      {},
      { problems },
    );
  }
  const listed = rows.map((r) => ({ id: people.get(r.email)!, email: r.email, line: r.line }));
  if (options.dryRun) {
    const already = await membersAmong(
      deps,
      batch.id,
      listed.map((p) => p.id),
    );
    return { dryRun: true, rows: rows.length, added: listed.length - already.size, alreadyMembers: already.size, problems: [] };
  }
  const { added, alreadyMembers } = await addMembers(deps, actor.id, batch, listed);
  return { dryRun: false, rows: rows.length, added, alreadyMembers, problems: [] };
}
