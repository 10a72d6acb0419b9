import "server-only";
import type pg from "pg";
import { SINGLE_STATEMENT } from "./statement-kind";


/**
 * Names drizzle's statements on PostgreSQL, so each connection parses and plans a statement once and
 * then only binds and executes it (node-postgres keeps a named statement per connection): planning
 * is a large share of what the course tree's reads cost.
 * Only the first `maxStatements` distinct texts get a name, which bounds what each connection keeps;
 * raw strings and statements in a transaction (run on a checked-out client) stay unnamed.
 */
export function nameStatements(pool: pg.Pool, maxStatements = 300): void {
  const names = new Map<string, string>();
  const query = pool.query.bind(pool) as (...args: unknown[]) => unknown;
  const named = (...args: unknown[]) => {
    const [config, ...rest] = args;
    if (config && typeof config === "object" && !(config as pg.QueryConfig).name) {
      const text = (config as pg.QueryConfig).text;
      if (typeof text === "string" && SINGLE_STATEMENT.test(text) && !text.includes(";")) {
        let name = names.get(text);
        if (!name && names.size < maxStatements) names.set(text, (name = `drizzle_${names.size + 1}`));
        if (name) return query({ ...config, name }, ...rest);
      }
    }
    return query(...args);
  };
  pool.query = named as typeof pool.query;
}
