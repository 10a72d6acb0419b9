import "server-only";

/** A single statement the drivers may keep prepared: a read, or one write (multiple statements are refused by PostgreSQL's Parse). */
export const SINGLE_STATEMENT = /^\s*(select|with|insert|update|delete)\b/i;
