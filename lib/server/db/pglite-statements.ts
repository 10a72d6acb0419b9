import "server-only";
import { parse, protocol, type PGlite, type QueryOptions, type Results } from "@electric-sql/pglite";
import { SINGLE_STATEMENT } from "./statement-kind";

/**
 * Named prepared statements for the embedded database. PGlite's own `query` parses and plans every
 * statement each time it runs (an unnamed statement), and drizzle's PGlite driver ignores statement
 * names; planning is most of what a short statement costs there (a course's reads took 3.9 ms planned
 * each time against 1.3 ms prepared). Statements sent through `query` outside a transaction are
 * parsed once under a name and then only bound and executed, as node-postgres does on PostgreSQL
 * with a name; a write is written to disk afterwards, as PGlite's own path does.
 *
 * Only single SELECT, WITH, INSERT, UPDATE or DELETE statements are kept; statements in a transaction
 * (PGlite hands drizzle a separate transaction object, which this does not touch) and calls with
 * options this does not handle go through PGlite's own path. When a kept statement fails, it runs
 * again through PGlite's own path, so callers see PGlite's usual error (a failed statement outside a
 * transaction has changed nothing).
 */
interface Kept {
  name: string;
  paramTypes: number[];
}

/** PGlite's members this relies on beyond its typed surface (see its base.ts and pglite.ts, 0.5). */
interface PGliteInternals {
  _runExclusiveTransaction<T>(fn: () => Promise<T>): Promise<T>;
  runExclusive<T>(fn: () => Promise<T>): Promise<T>;
  serializers: Record<number, (value: unknown) => string>;
  parsers: Record<number, (value: string, typeId?: number) => unknown>;
}

const { serialize } = protocol;
const READ = /^\s*select\b/i;

const concat = (parts: Uint8Array[]) => {
  const out = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
  let offset = 0;
  for (const part of parts) {
    out.set(part, offset);
    offset += part.length;
  }
  return out;
};

export interface StatementCacheStats {
  kept: number;
  prepared: number;
  executed: number;
}

/** Makes `client.query` keep up to `maxStatements` single statements as named prepared statements. */
export function keepPreparedStatements(client: PGlite, maxStatements = 256): { stats: () => StatementCacheStats } {
  const internals = client as unknown as PGliteInternals;
  const counts = { prepared: 0, executed: 0 };
  const stats = () => ({ kept: kept.size, ...counts });
  const kept = new Map<string, Kept>();
  if (typeof internals._runExclusiveTransaction !== "function" || typeof internals.runExclusive !== "function") return { stats };

  const plain = client.query.bind(client);
  const refused = new Set<string>();
  let serial = 0;

  const send = async (parts: Uint8Array[]) => (await client.execProtocol(concat([...parts, serialize.sync()]), { syncToFs: false })).messages;

  async function prepare(text: string): Promise<Kept> {
    const name = `pglite_s${++serial}`;
    const messages = await send([serialize.parse({ name, text, types: [] }), serialize.describe({ type: "S", name })]);
    const description = messages.find((m) => m.name === "parameterDescription") as { dataTypeIDs?: number[] } | undefined;
    counts.prepared += 1;
    return { name, paramTypes: description?.dataTypeIDs ?? [] };
  }

  async function forget(text: string) {
    const statement = kept.get(text);
    kept.delete(text);
    if (statement) await send([serialize.close({ type: "S", name: statement.name })]).catch(() => undefined);
  }

  /** The statement kept for `text`, prepared now if it is new; null when PGlite cannot prepare it. */
  async function statementFor(text: string): Promise<Kept | null> {
    const found = kept.get(text);
    if (found) {
      kept.delete(text);
      kept.set(text, found);
      return found;
    }
    let statement: Kept;
    try {
      statement = await prepare(text);
    } catch {
      // More than one statement, or a syntax error: PGlite's own path runs it and reports the error.
      if (refused.size < 1000) refused.add(text);
      return null;
    }
    kept.set(text, statement);
    if (kept.size > maxStatements) await forget(kept.keys().next().value!);
    return statement;
  }

  async function execute<T>(statement: Kept, params: unknown[], options: QueryOptions | undefined): Promise<Results<T>> {
    const values = params.map((value, i) => {
      if (value === null || value === undefined) return null;
      const type = statement.paramTypes[i]!;
      const toText = options?.serializers?.[type] ?? internals.serializers[type];
      return toText ? toText(value) : String(value);
    });
    const messages = await send([serialize.bind({ statement: statement.name, values }), serialize.describe({ type: "P" }), serialize.execute({})]);
    counts.executed += 1;
    return parse.parseResults(messages, internals.parsers, options)[0] as Results<T>;
  }

  const exclusive = <T>(fn: () => Promise<T>) => internals._runExclusiveTransaction(() => internals.runExclusive(fn));

  client.query = async function query<T>(text: string, params: unknown[] = [], options?: QueryOptions): Promise<Results<T>> {
    if (!SINGLE_STATEMENT.test(text) || refused.has(text) || options?.paramTypes || options?.blob) return plain<T>(text, params, options);
    const result = await exclusive(async () => {
      const statement = await statementFor(text);
      if (!statement) return null;
      try {
        return await execute<T>(statement, params, options);
      } catch (err) {
        // A plan whose columns changed (a migration since) or a statement the server no longer has is
        // prepared again on the next read.
        const code = (err as { code?: string }).code;
        if (code === "0A000" || code === "26000") await forget(text);
        return null;
      }
    });
    if (result) {
      if (!READ.test(text)) await client.syncToFs();
      return result;
    }
    // Not kept, or failed (a bad value, say): PGlite's own path runs it and reports any error as usual.
    return plain<T>(text, params, options);
  };
  return { stats };
}
