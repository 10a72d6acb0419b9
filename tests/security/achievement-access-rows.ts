import { expect } from "vitest";
import { getAchievementsDetails } from "@/lib/contract/calls/achievements";
import { badgeAwards } from "@/lib/server/db/schema";
import type { AccessCtx as Ctx, AccessRow as Row } from "./access-row";

/**
 * Access-matrix rows of the achievements call. learnerA holds the 30-day streak badge; learnerB does
 * not. The badges and certificates answered are always the caller's own.
 */

const award = { badgeId: "streak-30", earnedAt: new Date("2026-01-30T08:00:00Z") };

/** Gives learnerA the 30-day streak badge. */
export async function prepareAchievementAccess(ctx: Ctx) {
  await ctx.t.db.insert(badgeAwards).values({ userId: ctx.ids.learnerA, ...award });
}

const streak = (body: { badges: { id: string; isEarned: boolean; earnedAt: string | null }[] }) => body.badges.find((b) => b.id === award.badgeId);

export const achievementAccessRows: Row[] = [
  {
    call: getAchievementsDetails,
    as: "learnerA",
    owner: "own",
    status: 200,
    check: (_ctx, body) => expect(streak(body)).toMatchObject({ isEarned: true, earnedAt: award.earnedAt.toISOString() }),
  },
  { call: getAchievementsDetails, as: "learnerB", owner: "other", status: 200, check: (_ctx, body) => expect(streak(body)).toMatchObject({ isEarned: false, earnedAt: null }) },
  { call: getAchievementsDetails, as: "anonymous", owner: "other", status: 401 },
  {
    call: getAchievementsDetails,
    as: "learnerB",
    owner: "own",
    input: () => ({ query: { timeZone: "Mars/Olympus" } }),
    status: 400,
    check: (_ctx, body) => expect(body.message).toContain("timeZone"),
  },
];
