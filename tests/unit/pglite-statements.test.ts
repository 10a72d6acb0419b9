import { PGlite } from "@electric-sql/pglite";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { keepPreparedStatements } from "@/lib/server/db/pglite-statements";

let pg: PGlite;
let plain: PGlite;

async function seed(db: PGlite) {
  await db.exec(`
    create table item (id uuid primary key, name text not null, at timestamptz not null, tags jsonb, score numeric);
    insert into item values
      ('00000000-0000-4000-8000-000000000001', 'one', '2026-01-02T03:04:05Z', '{"a":[1,2]}', 1.5),
      ('00000000-0000-4000-8000-000000000002', 'two', '2026-02-03T04:05:06Z', null, null);`);
}

// PGlite's own path, for comparison: only read.
beforeAll(async () => {
  plain = new PGlite();
  await seed(plain);
});
afterAll(() => plain.close());
beforeEach(async () => {
  pg = new PGlite();
  await seed(pg);
});
afterEach(() => pg.close());

const read = "select id, name, at, tags, score from item where name = any($1::text[]) or at < $2 order by name";

describe("prepared statements on the embedded database", () => {
  it("answer every read as PGlite's own path does, typed values and nulls included", async () => {
    const { stats } = keepPreparedStatements(pg);
    // drizzle's driver brings parsers of its own (timestamps as text) with every statement.
    const asText = { parsers: { 1184: (value: string) => value } };
    for (const options of [undefined, { rowMode: "array" as const }, asText, { rowMode: "array" as const, ...asText }]) {
      for (const params of [[["one"], new Date("2026-03-01T00:00:00Z")], [["two"], null], [[], new Date("2026-01-01T00:00:00Z")]]) {
        expect(await pg.query(read, params, options)).toEqual(await plain.query(read, params, options));
      }
    }
    expect(stats()).toMatchObject({ kept: 1, prepared: 1, executed: 12 });
  });

  it("give a bad value PGlite's usual error, and keep working after it", async () => {
    keepPreparedStatements(pg);
    const byId = "select name from item where id = $1";
    expect((await pg.query(byId, ["00000000-0000-4000-8000-000000000002"])).rows).toEqual([{ name: "two" }]);
    const error = await pg.query(byId, ["not-a-uuid"]).catch((e: unknown) => e);
    const expected = await plain.query(byId, ["not-a-uuid"]).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(Error);
    expect((error as { code?: string }).code).toBe((expected as { code?: string }).code);
    expect((error as Error).message).toBe((expected as Error).message);
    expect((await pg.query(byId, ["00000000-0000-4000-8000-000000000001"])).rows).toEqual([{ name: "one" }]);
  });

  it("write once, and give a write that breaks a rule PGlite's usual error without writing twice", async () => {
    const { stats } = keepPreparedStatements(pg);
    const insert = "insert into item (id, name, at) values ($1, $2, $3) returning name";
    const id = "00000000-0000-4000-8000-000000000009";
    expect((await pg.query(insert, [id, "nine", new Date()])).rows).toEqual([{ name: "nine" }]);
    const error = await pg.query(insert, [id, "nine again", new Date()]).catch((e: unknown) => e);
    expect((error as { code?: string }).code).toBe("23505");
    expect((await pg.query("select name from item where id = $1", [id])).rows).toEqual([{ name: "nine" }]);
    expect((await pg.query("update item set name = $1 where id = $2", ["nine!", id])).affectedRows).toBe(1);
    expect((await plain.query("select count(*)::int as n from item")).rows).toEqual([{ n: 2 }]);
    expect(stats().prepared).toBe(3);
  });

  it("read a table's new columns after a migration changed it", async () => {
    keepPreparedStatements(pg);
    const all = "select * from item where name = $1";
    expect(Object.keys((await pg.query<Record<string, unknown>>(all, ["one"])).rows[0]!)).not.toContain("level");
    await pg.exec("alter table item add column level int not null default 3");
    expect((await pg.query<Record<string, unknown>>(all, ["one"])).rows[0]).toMatchObject({ name: "one", level: 3 });
    expect((await pg.query<Record<string, unknown>>(all, ["two"])).rows[0]).toMatchObject({ name: "two", level: 3 });
  });

  it("keep at most the statements asked for, and answer reads of forgotten ones", async () => {
    const { stats } = keepPreparedStatements(pg, 2);
    const texts = ["select name from item where name = $1", "select id from item where name = $1", "select at from item where name = $1"];
    for (let round = 0; round < 2; round++) for (const text of texts) expect((await pg.query(text, ["one"])).rows).toHaveLength(1);
    expect(stats().kept).toBe(2);
    expect(stats().prepared).toBe(6);
  });

  it("wait for an open transaction before reading outside it", async () => {
    const { stats } = keepPreparedStatements(pg);
    let inserted!: () => void;
    const insertedInside = new Promise<void>((resolve) => (inserted = resolve));
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    const transaction = pg.transaction(async (tx) => {
      await tx.query("insert into item values ('00000000-0000-4000-8000-000000000003', 'three', now(), null, null)");
      expect((await tx.query("select count(*)::int as n from item")).rows).toEqual([{ n: 3 }]);
      inserted();
      await held;
      await tx.rollback();
    });
    await insertedInside;
    const count = pg.query<{ n: number }>("select count(*)::int as n from item");
    release();
    await transaction;
    // The read ran after the rollback: it never saw the row the transaction had not committed.
    expect((await count).rows).toEqual([{ n: 2 }]);
    // The count inside and the count outside are one kept statement.
    expect(stats()).toMatchObject({ prepared: 2, executed: 3 });
  });

  const four = "00000000-0000-4000-8000-000000000004";
  const insertItem = "insert into item (id, name, at) values ($1, $2, $3) returning id, name";
  const rename = "update item set name = $1 where id = $2 returning name";
  const names = "select name from item order by name";

  it("keep a transaction's statements too, answering and committing as PGlite's own transaction does", async () => {
    const { stats } = keepPreparedStatements(pg);
    const at = new Date("2026-05-06T07:08:09Z");
    const steps = async (db: PGlite) =>
      db.transaction(async (tx) => [
        await tx.query(insertItem, [four, "four", at]),
        await tx.query(rename, ["four!", four]),
        await tx.query(names, [], { rowMode: "array" }),
      ]);
    const mirror = new PGlite();
    await seed(mirror);
    expect(await steps(pg)).toEqual(await steps(mirror));
    await mirror.close();
    expect((await plain.query(names)).rows).toHaveLength(2);
    expect((await pg.query(names)).rows).toEqual([{ name: "four!" }, { name: "one" }, { name: "two" }]);
    const after = stats();
    await pg.transaction(async (tx) => tx.query(rename, ["four?", four]));
    expect(stats()).toMatchObject({ prepared: after.prepared, executed: after.executed + 1 });
    expect((await pg.query("select name from item where id = $1", [four])).rows).toEqual([{ name: "four?" }]);
  });

  it("throw a transaction's first error as PGlite's own path does, and roll back what it wrote", async () => {
    keepPreparedStatements(pg);
    type Failure = Error & { code?: string; query?: string; params?: unknown[] };
    const duplicate = (db: PGlite): Promise<Failure> =>
      db
        .transaction(async (tx) => {
          await tx.query(insertItem, [four, "four", new Date()]);
          await tx.query(insertItem, [four, "four again", new Date()]);
        })
        .then(() => new Error("no error") as Failure, (e: unknown) => e as Failure);
    const error = await duplicate(pg);
    const mirror = new PGlite();
    await seed(mirror);
    const expected = await duplicate(mirror);
    await mirror.close();
    expect(error.code).toBe("23505");
    expect(error.message).toBe(expected.message);
    expect(error.query).toBe(insertItem);
    expect(error.params?.[1]).toBe("four again");
    expect((await pg.query("select count(*)::int as n from item")).rows).toEqual([{ n: 2 }]);

    // A statement PGlite cannot parse fails the transaction with its own error too.
    const missing = await pg
      .transaction(async (tx) => {
        await tx.query(insertItem, [four, "four", new Date()]);
        await tx.query("select name from no_such_table where id = $1", [four]);
      })
      .then(() => new Error("no error") as Failure, (e: unknown) => e as Failure);
    expect(missing.code).toBe("42P01");
    expect((await pg.query("select count(*)::int as n from item")).rows).toEqual([{ n: 2 }]);
    // The database works on, in and out of transactions.
    await pg.transaction(async (tx) => tx.query(insertItem, [four, "four", new Date()]));
    expect((await pg.query("select count(*)::int as n from item")).rows).toEqual([{ n: 3 }]);
  });
});
