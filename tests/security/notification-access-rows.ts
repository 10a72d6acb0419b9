import { and, eq } from "drizzle-orm";
import { expect } from "vitest";
import { getNotificationSettings, unsubscribe, setNotificationSettings } from "@/lib/contract/calls/notifications";
import { hashToken, newToken } from "@/lib/server/auth/tokens";
import { notificationOptOuts, unsubscribeTokens } from "@/lib/server/db/schema";
import type { AccessCtx as Ctx, AccessRow as Row, Actor } from "./access-row";

/**
 * Access-matrix rows of the notification settings. The settings are always the caller's own: no
 * call names another user. An unsubscribe link needs no session; it turns off what it was made for,
 * for the user it was made for, whoever presses it.
 */

const optOutsOf = (ctx: Ctx, actor: Actor) => ctx.t.db.select({ kind: notificationOptOuts.kind }).from(notificationOptOuts).where(eq(notificationOptOuts.userId, ctx.ids[actor]));
const link = { token: "" };

/** An unsubscribe link of learnerB's, for e-mails about graded essays. */
export async function prepareNotificationAccess(ctx: Ctx) {
  link.token = newToken();
  await ctx.t.db.insert(unsubscribeTokens).values({ tokenHash: hashToken(link.token), userId: ctx.ids.learnerB, kind: "essayGraded" });
}

export const notificationAccessRows: Row[] = [
  ...(["learnerA", "learnerB", "grader", "admin"] as const).map<Row>((as) => ({ call: getNotificationSettings, as, owner: "own", status: 200 })),
  { call: getNotificationSettings, as: "anonymous", owner: "other", status: 401 },
  {
    call: setNotificationSettings,
    as: "learnerA",
    owner: "own",
    input: () => ({ body: { meetingReminder: false } }),
    status: 200,
    check: async (ctx) => {
      expect(await optOutsOf(ctx, "learnerA")).toEqual([{ kind: "meetingReminder" }]);
      expect(await optOutsOf(ctx, "learnerB")).toEqual([]);
    },
  },
  { call: setNotificationSettings, as: "anonymous", owner: "other", input: () => ({ body: { essayGraded: false } }), status: 401 },
  {
    call: unsubscribe,
    as: "anonymous",
    owner: "other",
    input: () => ({ query: { token: link.token } }),
    status: 200,
    check: async (ctx) => {
      expect(
        await ctx.t.db.select().from(notificationOptOuts).where(and(eq(notificationOptOuts.userId, ctx.ids.learnerB), eq(notificationOptOuts.kind, "essayGraded"))),
      ).toHaveLength(1);
      expect(await optOutsOf(ctx, "learnerA")).not.toContainEqual({ kind: "essayGraded" });
    },
  },
  { call: unsubscribe, as: "learnerA", owner: "other", input: () => ({ query: { token: newToken() } }), status: 404 },
];
