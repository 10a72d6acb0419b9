import type pg from "pg";
import { describe, expect, it } from "vitest";
import { nameStatements } from "@/lib/server/db/pg-statements";

/** A pool that records what node-postgres would be asked to run. */
function recordingPool() {
  const sent: unknown[][] = [];
  const pool = { query: (...args: unknown[]) => (sent.push(args), Promise.resolve({ rows: [] })) } as unknown as pg.Pool;
  return { pool, sent };
}

const nameOf = (args: unknown[]) => (args[0] as pg.QueryConfig).name;

describe("named statements on PostgreSQL", () => {
  it("give every statement text one name, kept across calls, and pass its values and type parsers on", async () => {
    const { pool, sent } = recordingPool();
    nameStatements(pool);
    const types = { getTypeParser: () => (v: string) => v };
    await pool.query({ text: "select id from users where email = $1", types } as pg.QueryConfig, ["a@example.com"]);
    await pool.query({ text: "select id from users where email = $1", types } as pg.QueryConfig, ["b@example.com"]);
    await pool.query({ text: "with x as (select 1) select * from x" });
    expect(nameOf(sent[0]!)).toBeTruthy();
    expect(nameOf(sent[1]!)).toBe(nameOf(sent[0]!));
    expect(nameOf(sent[2]!)).not.toBe(nameOf(sent[0]!));
    expect(sent[1]![1]).toEqual(["b@example.com"]);
    expect((sent[1]![0] as pg.QueryConfig).types).toBe(types);
  });

  it("name writes too, and leave raw strings, several statements and already named ones as they are", async () => {
    const { pool, sent } = recordingPool();
    nameStatements(pool);
    await pool.query({ text: "insert into users (email) values ($1)" } as pg.QueryConfig, ["a@example.com"]);
    await pool.query("select 1");
    await pool.query({ name: "find_session", text: "select * from sessions where hash = $1" } as pg.QueryConfig, ["h"]);
    await pool.query({ text: "begin; select 1; commit" });
    expect(nameOf(sent[0]!)).toBeTruthy();
    expect(nameOf(sent[3]!)).toBeUndefined();
    expect(sent[1]![0]).toBe("select 1");
    expect(nameOf(sent[2]!)).toBe("find_session");
  });

  it("name no more distinct statements than it was told, so each connection keeps a bounded number", async () => {
    const { pool, sent } = recordingPool();
    nameStatements(pool, 2);
    for (const n of [1, 2, 3, 1]) await pool.query({ text: `select ${n} from users` });
    expect(sent.map(nameOf)).toEqual([nameOf(sent[0]!), nameOf(sent[1]!), undefined, nameOf(sent[0]!)]);
    expect(new Set(sent.slice(0, 2).map(nameOf)).size).toBe(2);
  });
});
