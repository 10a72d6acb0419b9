import "server-only";
import { ilike, or, type AnyColumn, type SQL } from "drizzle-orm";

/** The graders' filter lookups: a limit, and words to find anywhere in the names (case-insensitive, taken literally). */
export interface LookupQuery {
  limit: number;
  searchText?: string;
}

/** Matches rows whose columns contain the search text; undefined (no condition) when there is none. */
export function containsText(searchText: string | undefined, ...columns: AnyColumn[]): SQL | undefined {
  const text = searchText?.trim();
  if (!text) return undefined;
  const pattern = `%${text.replace(/[\\%_]/g, (ch) => `\\${ch}`)}%`;
  return or(...columns.map((column) => ilike(column, pattern)));
}
