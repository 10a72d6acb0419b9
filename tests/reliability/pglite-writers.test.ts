import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { recordUserEvent } from "@/lib/contract/calls/shell";
import { openDatabase, type Database } from "@/lib/server/db/client";
import { rateLimits, userEvents } from "@/lib/server/db/schema";
import { createTestApi, type TestApi } from "../support/api";

const WRITERS = 50;

describe("the embedded database under 50 concurrent writers", () => {
  let database: Database;
  beforeAll(async () => {
    database = await openDatabase({});
    await database.migrate();
  });
  afterAll(() => database.close());

  it("runs transactions one after another: no lost update, no statement inside another's transaction", async () => {
    const key = "counter";
    await database.db.insert(rateLimits).values({ key, windowStart: new Date(0), count: 0 });
    const errors: unknown[] = [];
    await Promise.all(
      Array.from({ length: WRITERS }, async (_, i) => {
        try {
          await database.db.transaction(async (tx) => {
            const [row] = await tx.select().from(rateLimits).where(eq(rateLimits.key, key));
            // Yield so that, were the connection shared, other writers would run in between.
            await new Promise((r) => setTimeout(r, i % 3));
            await tx.update(rateLimits).set({ count: row!.count + 1 }).where(eq(rateLimits.key, key));
          });
        } catch (err) {
          errors.push(err);
        }
      }),
    );
    // A plain query issued while transactions run must not land inside one of them either.
    const [row] = await database.db.select().from(rateLimits).where(eq(rateLimits.key, key));
    expect(errors).toEqual([]);
    expect(row!.count).toBe(WRITERS);
  });

  it("keeps a rolled-back transaction's writes out even while other writers commit", async () => {
    const results = await Promise.allSettled(
      Array.from({ length: WRITERS }, (_, i) =>
        database.db.transaction(async (tx) => {
          await tx.insert(rateLimits).values({ key: `w${i}`, windowStart: new Date(0), count: i });
          if (i % 2) throw new Error("roll back");
        }),
      ),
    );
    expect(results.filter((r) => r.status === "rejected")).toHaveLength(WRITERS / 2);
    const [row] = await database.db.select({ n: sql<number>`count(*)::int` }).from(rateLimits).where(sql`${rateLimits.key} like 'w%'`);
    expect(Number(row!.n)).toBe(WRITERS / 2);
  });
});

describe("the API on the embedded database under 50 concurrent writers", () => {
  let t: TestApi;
  beforeAll(async () => {
    t = await createTestApi();
    await t.createUser({ email: "busy@example.com" });
  });
  afterAll(() => t.close());

  it("answers every write and stores each once, resends included", async () => {
    const token = await t.signIn("busy@example.com");
    const send = (i: number) =>
      t.call(recordUserEvent, { token, body: { eventName: "load", event: { i } }, headers: { "Idempotency-Key": `k-${i}` } });
    const first = await Promise.all(Array.from({ length: WRITERS }, (_, i) => send(i)));
    const resent = await Promise.all(Array.from({ length: WRITERS }, (_, i) => send(i)));
    expect([...first, ...resent].map((r) => r.status)).toEqual(Array(WRITERS * 2).fill(200));
    const rows = await t.db.select().from(userEvents).where(eq(userEvents.eventName, "load"));
    expect(rows).toHaveLength(WRITERS);
    expect(new Set(rows.map((r) => r.idempotencyKey)).size).toBe(WRITERS);
  });
});
