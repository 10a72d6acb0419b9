import { z } from "zod";
import { learnNodeType } from "./entities/shared";

/** Field rules shared by the calls of several areas. */
export const searchText = z.string().trim().max(200, "searchText is at most 200 characters").optional().describe("Words to look for in names");
export const idOf = (name: string) => z.string({ error: `${name} must be a string` }).min(1, `${name} is required`).max(100, `${name} is too long`);
export const optionalId = (name: string) => idOf(name).optional();
export const lookupLimit = z.coerce
  .number()
  .int("limit must be an integer")
  .min(1, "limit must be at least 1")
  .max(100, "limit is at most 100")
  .default(20)
  .describe("Most entries to return");
export const pageUrl = z.string().max(2000, "pageUrl is at most 2000 characters").optional().describe("Address of the page the learner acts from");
export const nodeTypeOfPage = learnNodeType.optional().describe("Kind of the learning-page node the block is shown on");
export const nodeIdOfPage = optionalId("id").describe("Id of the learning-page node the block is shown on");

export const sentAt = z.iso
  .datetime({ offset: true, error: "sentAt must be an ISO 8601 date and time" })
  .optional()
  .describe("When the browser sent the request, by its clock corrected for its offset from the server's; decides whether it counts within the grace period after a deadline");

/** An IANA time zone name, checked against the runtime's time-zone database. */
export const timeZone = z
  .string({ error: "timeZone must be a string" })
  .max(64, "timeZone is at most 64 characters")
  .refine((v) => {
    try {
      new Intl.DateTimeFormat("en-US", { timeZone: v });
      return true;
    } catch {
      return false;
    }
  }, "timeZone must be an IANA time zone name, such as Pacific/Auckland or UTC");

/** A challenge's pass mark: a whole percent from 0 to 100 of its marks (the content files and the studio alike). */
export const passMarkPercent = z
  .number({ error: "passMark must be a whole percent from 0 to 100" })
  .int("passMark must be a whole percent from 0 to 100")
  .min(0, "passMark must be a whole percent from 0 to 100")
  .max(100, "passMark must be a whole percent from 0 to 100");

/** How many rows a page of a keyset-paged list holds: at most `max`, `fallback` when not asked. */
export const pageLimit = (max: number, fallback = 50) =>
  z.coerce
    .number({ error: "limit must be a number" })
    .int("limit must be an integer")
    .min(1, "limit must be at least 1")
    .max(max, `limit is at most ${max}`)
    .default(fallback);

/**
 * The query of a keyset-paged list (the studio's lists): `limit` rows at most `max`, and `cursor`,
 * the previous page's nextCursor (at most `cursorMax` characters). Spread it into the call's query.
 */
export const pageQuery = ({ max = 100, cursorMax = 400 }: { max?: number; cursorMax?: number } = {}) => ({
  limit: pageLimit(max),
  cursor: z.string().max(cursorMax, `cursor is at most ${cursorMax} characters`).optional().describe("The previous page's nextCursor"),
});

/** A CSV import's multipart `dryRun` field: "true" checks the file and writes nothing. */
export const dryRunField = z
  .enum(["true", "false"], { error: "dryRun must be true or false" })
  .default("false")
  .transform((value) => value === "true")
  .describe("true: check the file and write nothing");
