import "server-only";

/**
 * A JSON value a query built in SQL (json_build_object, json_agg), as the driver hands it over:
 * parsed already, or as text; null stays null.
 */
export function jsonColumn<T>(value: T | string | null): T | undefined {
  return (typeof value === "string" ? (JSON.parse(value) as T) : value) ?? undefined;
}
