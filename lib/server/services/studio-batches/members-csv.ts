import "server-only";
import { CsvError, parse } from "csv-parse/sync";
import { checkEmail } from "@/lib/contract/email";
import { BATCH_MEMBERS_CSV_COLUMNS } from "@/lib/contract/calls/studio-batches";

export interface MembersCsvProblem {
  line: number | null;
  message: string;
}

function decode(input: string | Uint8Array): string | null {
  if (typeof input === "string") return input;
  try {
    return new TextDecoder("utf-8", { fatal: true }).decode(input);
  } catch {
    return null;
  }
}

/**
 * Reads a batch members CSV file: a header with the column `email` (other columns are ignored, so a
 * people export or import file can be reused), then one e-mail a line. Every problem is returned by
 * its line; whether each e-mail belongs to someone is checked by the import, which knows the people.
 */
export function readMembersCsv(input: string | Uint8Array): { rows: { line: number; email: string }[]; problems: MembersCsvProblem[] } {
  const text = decode(input);
  if (text === null) return { rows: [], problems: [{ line: null, message: "The file is not UTF-8 text: save it as CSV UTF-8 and try again." }] };
  if (text.replace(/^\uFEFF/, "").trim() === "") return { rows: [], problems: [{ line: null, message: "The file is empty: it needs a header line (email) and one e-mail a line." }] };
  let records: { record: string[]; info: { lines: number } }[];
  try {
    records = parse(text, { bom: true, info: true, relax_column_count: true, skip_empty_lines: true, trim: true }) as unknown as typeof records;
  } catch (err) {
    if (err instanceof CsvError) {
      const line = (err as CsvError & { lines?: number }).lines ?? null;
      return { rows: [], problems: [{ line, message: `The file is not valid CSV: ${err.message.replace(/^Invalid [^:]*: /, "")}` }] };
    }
    throw err;
  }
  const [head, ...body] = records;
  const column = head!.record.findIndex((cell) => cell.trim().toLowerCase() === BATCH_MEMBERS_CSV_COLUMNS[0]);
  if (column < 0) return { rows: [], problems: [{ line: 1, message: `the header lacks the column email (its first line must name it, like: email)` }] };
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
