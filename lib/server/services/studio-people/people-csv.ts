import "server-only";
import { stringify } from "csv-stringify/sync";
import { plan, preferredLanguage, userKind, userRole } from "@/lib/contract/common";
import { checkEmail } from "@/lib/contract/email";
import { PEOPLE_CSV_COLUMNS } from "@/lib/contract/calls/studio-people";
import { readCsvHeader, readCsvRecords, type CsvProblem } from "@/lib/server/domain/csv-file";

/** One person of a people CSV file, checked. */
export interface PeopleCsvRow {
  line: number;
  email: string;
  name: string;
  userKind: (typeof userKind.options)[number];
  plan: (typeof plan.options)[number];
  role: (typeof userRole.options)[number];
  preferredLanguage: (typeof preferredLanguage.options)[number];
  batches: string[];
  accessExpiresAt: Date | null;
}

/** A problem of the file: its line (1 is the header; null for the whole file) and what is wrong. */
export type PeopleCsvProblem = CsvProblem;

/** What the checker needs to know of the database: the batches there are, and the time. */
export interface PeopleCsvContext {
  batchKeys: ReadonlySet<string>;
  now: Date;
}

export const MAX_NAME_LENGTH = 200;
/** Several batches in one cell are separated by semicolons. */
const BATCH_SEPARATOR = ";";

type Column = (typeof PEOPLE_CSV_COLUMNS)[number];

/** The problem as the page and the command print it. */
export const problemText = (problem: PeopleCsvProblem) => (problem.line === null ? problem.message : `line ${problem.line}: ${problem.message}`);

/** Picks a value of an enumeration whatever its case; empty: the default. */
function choose<T extends string>(column: string, options: readonly T[], raw: string, fallback: T): T | string {
  if (raw === "") return fallback;
  const found = options.find((option) => option.toLowerCase() === raw.toLowerCase());
  return found ?? `${column} "${raw}" is not one of ${options.join(", ")}`;
}

/**
 * An access expiry: a date (YYYY-MM-DD: access ends when that day ends, UTC) or an ISO 8601 date and
 * time with its offset; empty: no end.
 */
function readExpiry(raw: string, now: Date): Date | null | string {
  if (raw === "") return null;
  let at: Date;
  const day = /^(\d{4})-(\d{2})-(\d{2})$/.exec(raw);
  if (day) {
    const [y, m, d] = [Number(day[1]), Number(day[2]), Number(day[3])];
    const start = new Date(Date.UTC(y, m - 1, d));
    if (start.getUTCFullYear() !== y || start.getUTCMonth() !== m - 1 || start.getUTCDate() !== d) return `accessExpiry "${raw}" is not a date of the calendar`;
    at = new Date(start.getTime() + 24 * 60 * 60 * 1000);
  } else if (/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:\d{2})$/.test(raw)) {
    at = new Date(raw);
    if (Number.isNaN(at.getTime())) return `accessExpiry "${raw}" is not a date of the calendar`;
  } else {
    return `accessExpiry "${raw}" is not a date: write YYYY-MM-DD, like 2027-01-31`;
  }
  if (at <= now) return `accessExpiry "${raw}" is in the past`;
  return at;
}

/**
 * Reads a people CSV file (columns email,name,userKind,plan,batch,role,preferredLanguage,accessExpiry
 * in any order; a UTF-8 BOM, CRLF line ends and quoted fields are fine) and checks every row. Every
 * problem is returned, each by its line, so one pass lists all that needs fixing. E-mails already in
 * the database are checked by the import, which knows them.
 */
export function readPeopleCsv(input: string | Uint8Array, context: PeopleCsvContext): { rows: PeopleCsvRow[]; problems: PeopleCsvProblem[] } {
  const file = readCsvRecords(input, `The file is empty: it needs a header line (${PEOPLE_CSV_COLUMNS.join(",")}) and one line per person.`);
  if ("problem" in file) return { rows: [], problems: [file.problem] };
  const { header, body } = file;
  const { at, problems } = readCsvHeader(header, PEOPLE_CSV_COLUMNS, { others: "refused", hint: `the columns are ${PEOPLE_CSV_COLUMNS.join(",")}` });
  if (problems.length) return { rows: [], problems };
  if (body.length === 0) return { rows: [], problems: [{ line: null, message: "The file has a header but no people: add one line per person." }] };

  const rows: PeopleCsvRow[] = [];
  const firstLineOf = new Map<string, number>();
  for (const { record, info } of body) {
    const line = info.lines;
    const cell = (column: Column) => (record[at.get(column)!] ?? "").trim();
    const wrong: string[] = [];
    if (record.length > header.length) wrong.push(`it has ${record.length} fields, the header ${header.length} (quote a value that holds a comma)`);

    const rawEmail = cell("email");
    let email = "";
    if (rawEmail === "") wrong.push("email is missing");
    else {
      const checked = checkEmail(rawEmail);
      if (!checked.ok) wrong.push(`email "${rawEmail}": ${checked.message}`);
      else {
        email = checked.email.toLowerCase();
        const first = firstLineOf.get(email);
        if (first !== undefined) wrong.push(`email ${email} is already on line ${first}`);
        else firstLineOf.set(email, line);
      }
    }
    const name = cell("name");
    if (name === "") wrong.push("name is missing");
    else if (name.length > MAX_NAME_LENGTH) wrong.push(`name is longer than ${MAX_NAME_LENGTH} characters`);

    const kind = choose("userKind", userKind.options, cell("userKind"), "Customer");
    const planValue = choose("plan", plan.options, cell("plan"), "Basic");
    const role = choose("role", userRole.options, cell("role"), "learner");
    const language = choose("preferredLanguage", preferredLanguage.options, cell("preferredLanguage"), "English");
    for (const [value, options] of [
      [kind, userKind.options],
      [planValue, plan.options],
      [role, userRole.options],
      [language, preferredLanguage.options],
    ] as const) {
      if (!(options as readonly string[]).includes(value)) wrong.push(value);
    }
    const batches = [...new Set(cell("batch").split(BATCH_SEPARATOR).map((b) => b.trim()).filter(Boolean))];
    for (const batch of batches) if (!context.batchKeys.has(batch)) wrong.push(`batch "${batch}" does not exist`);
    const expiry = readExpiry(cell("accessExpiry"), context.now);
    if (typeof expiry === "string") wrong.push(expiry);

    if (wrong.length) {
      problems.push({ line, message: wrong.join("; ") });
      continue;
    }
    rows.push({
      line,
      email,
      name,
      userKind: kind as PeopleCsvRow["userKind"],
      plan: planValue as PeopleCsvRow["plan"],
      role: role as PeopleCsvRow["role"],
      preferredLanguage: language as PeopleCsvRow["preferredLanguage"],
      batches,
      accessExpiresAt: expiry as Date | null,
    });
  }
  return { rows, problems };
}

/** The template offered for download: the header and two example rows. */
export function peopleCsvTemplate(): string {
  return stringify(
    [
      [...PEOPLE_CSV_COLUMNS],
      ["asha.rao@example.com", "Asha Rao", "Customer", "Premium", "", "learner", "Hindi", "2027-12-31"],
      ["vikram.iyer@example.com", "Iyer, Vikram", "Employee", "Basic", "", "learner", "Tamil", ""],
    ],
    { record_delimiter: "\r\n" },
  );
}
