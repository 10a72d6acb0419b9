import "server-only";
import { CsvError, parse } from "csv-parse/sync";

// What the studio's CSV imports (people, a batch's members) read alike: the file's text, its
// records with their lines, and its header's columns.

/** A problem of a file: its line (1 is the header; null for the whole file) and what is wrong. */
export interface CsvProblem {
  line: number | null;
  message: string;
}

/** A record of the file and the line it ends on. */
export interface CsvRecord {
  record: string[];
  info: { lines: number };
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
 * Reads a CSV file (a UTF-8 BOM, CRLF line ends and quoted fields are fine) into its header and the
 * records under it, or the one problem that keeps it from being read: not UTF-8, empty (`emptyMessage`
 * says what it needs), or not valid CSV.
 */
export function readCsvRecords(input: string | Uint8Array, emptyMessage: string): { header: string[]; body: CsvRecord[] } | { problem: CsvProblem } {
  const text = decode(input);
  if (text === null) return { problem: { line: null, message: "The file is not UTF-8 text: save it as CSV UTF-8 and try again." } };
  if (text.replace(/^\uFEFF/, "").trim() === "") return { problem: { line: null, message: emptyMessage } };
  let records: CsvRecord[];
  try {
    records = parse(text, { bom: true, info: true, relax_column_count: true, skip_empty_lines: true, trim: true }) as unknown as CsvRecord[];
  } catch (err) {
    if (err instanceof CsvError) {
      const line = (err as CsvError & { lines?: number }).lines ?? null;
      return { problem: { line, message: `The file is not valid CSV: ${err.message.replace(/^Invalid [^:]*: /, "")}` } };
    }
    throw err;
  }
  const [head, ...body] = records;
  return { header: head!.record.map((cell) => cell.trim()), body };
}

/**
 * Finds the file's columns in its header, whatever their case: where each stands, and the header's
 * problems (on line 1). Every column is required. Other columns are refused (with a column named
 * twice) where the file holds only these, or ignored where the file may be another one reused (the
 * first of a column named twice counts). `hint` closes the message of a missing column.
 */
export function readCsvHeader<C extends string>(
  header: readonly string[],
  columns: readonly C[],
  { others, hint }: { others: "refused" | "ignored"; hint: string },
): { at: Map<C, number>; problems: CsvProblem[] } {
  const problems: CsvProblem[] = [];
  const at = new Map<C, number>();
  header.forEach((cell, index) => {
    const column = columns.find((c) => c.toLowerCase() === cell.toLowerCase());
    if (others === "ignored") {
      if (column && !at.has(column)) at.set(column, index);
    } else if (!column) problems.push({ line: 1, message: `unknown column "${cell}" (the columns are ${columns.join(",")})` });
    else if (at.has(column)) problems.push({ line: 1, message: `the column ${column} appears twice` });
    else at.set(column, index);
  });
  const missing = columns.filter((c) => !at.has(c));
  if (missing.length) problems.push({ line: 1, message: `the header lacks the column${missing.length > 1 ? "s" : ""} ${missing.join(", ")} (${hint})` });
  return { at, problems };
}
