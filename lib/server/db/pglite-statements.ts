import "server-only";
import { parse, protocol, type PGlite, type QueryOptions, type Results, type Transaction } from "@electric-sql/pglite";
import { SINGLE_STATEMENT } from "./statement-kind";

/**
 * Named prepared statements for the embedded database. PGlite's own `query` parses and plans every
 * statement each time it runs (an unnamed statement), and drizzle's PGlite driver ignores statement
 * names; planning is most of what a short statement costs there. Statements sent through `query`,
 * or through the `query` of a transaction PGlite hands drizzle, are parsed once under a name and then
 * only bound and executed, as node-postgres does on PostgreSQL with a name; a write outside a
 * transaction is written to disk afterwards, as PGlite's own path does.
 *
 * Only single SELECT, WITH, INSERT, UPDATE or DELETE statements are kept; calls with options this
 * does not handle go through PGlite's own path. Outside a transaction, a kept statement that fails
 * runs again through PGlite's own path, so callers see PGlite's usual error (a failed statement there
 * has changed nothing). In a transaction the first error has aborted it, so that error is thrown as
 * PGlite's own path throws it (a DatabaseError carrying the query and its parameters).
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

  /**
   * The statement kept for `text`, prepared now if it is new; null when PGlite cannot prepare it
   * outside a transaction (its own path then runs it and reports the error). In a transaction the
   * error is thrown: the failed Parse has aborted the transaction, and PGlite's own path would have
   * failed the same way.
   */
  async function statementFor(text: string, inTransaction: boolean): Promise<Kept | null> {
    const found = kept.get(text);
    if (found) {
      kept.delete(text);
      kept.set(text, found);
      return found;
    }
    let statement: Kept;
    try {
      statement = await prepare(text);
    } catch (err) {
      // More than one statement, or a syntax error.
      if (refused.size < 1000) refused.add(text);
      if (inTransaction) throw err;
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
    return parse.parseResults(messages, parsersFor(options), options?.parsers ? { ...options, parsers: undefined } : options)[0] as Results<T>;
  }

  // PGlite's parseResults copies its several hundred type parsers into a new object whenever a call
  // brings parsers of its own, as drizzle's driver does on every statement; that copy was a large share
  // of a write's time. The call's parsers are laid over PGlite's instead, which reads the same.
  const parsersFor = (options: QueryOptions | undefined) =>
    options?.parsers ? Object.assign(Object.create(internals.parsers) as PGliteInternals["parsers"], options.parsers) : internals.parsers;

  const exclusive = <T>(fn: () => Promise<T>) => internals._runExclusiveTransaction(() => internals.runExclusive(fn));

  const keepable = (text: string, options: QueryOptions | undefined) => SINGLE_STATEMENT.test(text) && !refused.has(text) && !options?.paramTypes && !options?.blob;

  client.query = async function query<T>(text: string, params: unknown[] = [], options?: QueryOptions): Promise<Results<T>> {
    if (!keepable(text, options)) return plain<T>(text, params, options);
    const result = await exclusive(async () => {
      const statement = await statementFor(text, false);
      if (!statement) return null;
      try {
        return await execute<T>(statement, params, options);
      } catch (err) {
        await forgetStale(text, err);
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

  // A plan whose columns changed (a migration since) or a statement the server no longer has is
  // prepared again on its next use.
  async function forgetStale(text: string, err: unknown) {
    const code = (err as { code?: string }).code;
    if (code === "0A000" || code === "26000") await forget(text);
  }

  // The transaction object PGlite hands its callback (and drizzle's driver) sends each statement
  // under the transaction's lock; its statements are kept the same way.
  const plainTransaction = client.transaction.bind(client);
  client.transaction = function transaction<T>(callback: (tx: Transaction) => Promise<T>): Promise<T> {
    return plainTransaction((tx) => {
      const txQuery = tx.query.bind(tx);
      tx.query = async function query<R>(text: string, params: unknown[] = [], options?: QueryOptions): Promise<Results<R>> {
        if (!keepable(text, options)) return txQuery<R>(text, params, options);
        if (tx.closed) throw new Error("Transaction is closed");
        return internals.runExclusive(async () => {
          try {
            const statement = await statementFor(text, true);
            return await execute<R>(statement!, params, options);
          } catch (err) {
            await forgetStale(text, err);
            throw Object.assign(err as object, { query: text, params, queryOptions: options });
          }
        });
      };
      return callback(tx);
    });
  };
  return { stats };
}
