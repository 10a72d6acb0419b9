import "server-only";
import { checkEmail } from "@/lib/contract/email";
import { BATCH_MEMBERS_CSV_COLUMNS } from "@/lib/contract/calls/studio-batches";
import { readCsvHeader, readCsvRecords, type CsvProblem } from "@/lib/server/domain/csv-file";

export type MembersCsvProblem = CsvProblem;

/**
 * Reads a batch members CSV file: a header with the column `email` (other columns are ignored, so a
 * people export or import file can be reused), then one e-mail a line. Every problem is returned by
 * its line; whether each e-mail belongs to someone is checked by the import, which knows the people.
 */
export function readMembersCsv(input: string | Uint8Array): { rows: { line: number; email: string }[]; problems: MembersCsvProblem[] } {
  const file = readCsvRecords(input, "The file is empty: it needs a header line (email) and one e-mail a line.");
  if ("problem" in file) return { rows: [], problems: [file.problem] };
  const { header, body } = file;
  const { at, problems: headerProblems } = readCsvHeader(header, BATCH_MEMBERS_CSV_COLUMNS, { others: "ignored", hint: "its first line must name it, like: email" });
  if (headerProblems.length) return { rows: [], problems: headerProblems };
  const column = at.get("email")!;
  if (body.length === 0) return { rows: [], problems: [{ line: null, message: "The file has a header but no e-mails: add one e-mail a line." }] };
  const rows: { line: number; email: string }[] = [];
  const problems: MembersCsvProblem[] = [];
  const firstLineOf = new Map<string, number>();
  for (const { record, info } of body) {
    const line = info.lines;
    const raw = (record[column] ?? "").trim();
    if (raw === "") {
      problems.push({ line, message: "email is missing" });
      continue;
    }
    const checked = checkEmail(raw);
    if (!checked.ok) {
      problems.push({ line, message: `email "${raw}": ${checked.message}` });
      continue;
    }
    const email = checked.email.toLowerCase();
    const first = firstLineOf.get(email);
    if (first !== undefined) {
      problems.push({ line, message: `email ${email} is already on line ${first}` });
      continue;
    }
    firstLineOf.set(email, line);
    rows.push({ line, email });
  }
  return { rows, problems };
}
