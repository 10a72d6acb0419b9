import "server-only";
import type { Db } from "./client";

/**
 * A query that runs on every request, built once per database: drizzle turns it into SQL once
 * (building it is a sizeable share of a short call's time otherwise), and the database plans it once per
 * connection. Its inputs are `sql.placeholder`s, given to `execute`. A prepared query runs on the
 * database it was built for, never inside a transaction: build it from the transaction's object
 * (a new one each time) where it must see the transaction's writes.
 */
export function preparedPerDatabase<Q>(build: (db: Db) => Q): (db: Db) => Q {
  const built = new WeakMap<Db, Q>();
  return (db) => {
    let query = built.get(db);
    if (query === undefined) built.set(db, (query = build(db)));
    return query;
  };
}
