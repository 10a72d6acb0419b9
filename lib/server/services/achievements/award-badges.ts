import "server-only";
import { eq, sql } from "drizzle-orm";
import type { Badge } from "@/lib/contract/entities/achievements";
import { DEFAULT_TIME_ZONE, localDate } from "@/lib/time-zone";
import type { Db } from "../../db/client";
import { badgeAwards, users } from "../../db/schema";
import type { Deps } from "../../deps";
import { hoursOf } from "../../domain/course-hours";
import type { User } from "../../domain/user";
import type { EnrolledCourseProgress } from "../../domain/completion";
import { badgeHistory, loadBadgeRecords } from "./badge-history";
import { BADGE_RULES, earnedBadges, type BadgeRule } from "./badge-rules";

/*
 * Awards are made once: a unique index per learner and badge, and an insert that skips what is held,
 * so two evaluations at once (two tabs, a write and a read) still give one award. The moment stored
 * is the moment the history earned it (badge-rules.ts), whichever evaluation stores it.
 */

type AwardRow = { badgeId: string; earnedAt: Date };

export const learnerTimeZone = (user: Pick<User, "timeZone">) => user.timeZone ?? DEFAULT_TIME_ZONE;

/** A badge as the contract shows it, earned at `earnedAt` or still to earn (null). */
export const badgeOf = (rule: BadgeRule, earnedAt: Date | null | undefined): Badge => ({
  id: rule.id,
  name: rule.name,
  description: rule.description,
  imageUrl: `/badges/${rule.image}.svg`,
  isEarned: !!earnedAt,
  earnedAt: earnedAt ? earnedAt.toISOString() : null,
});

/** Every badge, in the order of the rules, earned or not. */
export const learnerBadges = (held: ReadonlyMap<string, Date>) => BADGE_RULES.map((rule) => badgeOf(rule, held.get(rule.id)));

/**
 * Badges earned: the badges awarded to the learner (by the rules of badge-rules.ts). The badges due
 * are awarded before they are counted, as certificates are issued. The dashboard shows the same figure.
 */
export const badgesEarned = (badges: Pick<Badge, "isEarned">[]) => badges.filter((b) => b.isEarned).length;

export interface LearnerBadges {
  /** Every badge held, the ones awarded by this call included, by id. */
  held: Map<string, Date>;
  /** The badges this call awarded, in the order of the rules. */
  awarded: Badge[];
}

/**
 * Awards the badges the learner's history has earned and they do not hold yet: one query, one more
 * to store an award. `enrolled` (the completion model's courses) lets the course badges be
 * evaluated; without it they wait for an evaluation that has it.
 */
export async function awardEarnedBadges(db: Db, user: User, known: { enrolled?: EnrolledCourseProgress[] } = {}): Promise<LearnerBadges> {
  const records = await loadBadgeRecords(db, user.id);
  const completed = known.enrolled?.filter((c) => c.figures.isCompleted).map((c) => c.versionId);
  const earned = earnedBadges(BADGE_RULES, badgeHistory(records, completed), learnerTimeZone(user));
  const due = [...earned].filter(([id]) => !records.held.has(id)).map(([badgeId, earnedAt]) => ({ userId: user.id, badgeId, earnedAt }));
  const held = new Map(records.held);
  if (!due.length) return { held, awarded: [] };
  // An award stored meanwhile by another evaluation wins: this one is skipped and not announced twice,
  // but the badge is held all the same (earned at the moment the same history gives).
  const stored: AwardRow[] = await db.insert(badgeAwards).values(due).onConflictDoNothing().returning();
  for (const a of due) held.set(a.badgeId, a.earnedAt);
  const ids = new Set(stored.map((a) => a.badgeId));
  return { held, awarded: BADGE_RULES.filter((r) => ids.has(r.id)).map((r) => badgeOf(r, held.get(r.id))) };
}

/**
 * Called where the learner has just done something that may earn a badge (completed a video,
 * submitted a challenge): awards what became due and returns it, for the answer to announce. The
 * learner's action is already saved, so a failure here is logged and never fails it; the next
 * evaluation (the dashboard, the achievements page) awards what was missed, with the same moment.
 * `ifDue` is a cheaper check that decides whether the history is worth reading at all.
 */
export async function awardAfterAction(
  deps: Deps,
  user: User,
  known: { enrolled?: EnrolledCourseProgress[]; ifDue?: (db: Db) => Promise<boolean> } = {},
): Promise<Badge[]> {
  try {
    if (known.ifDue && !(await known.ifDue(deps.db))) return [];
    return (await awardEarnedBadges(deps.db, user, known)).awarded;
  } catch (err) {
    console.error(JSON.stringify({ level: "error", msg: "awarding badges after an action failed", userId: user.id, err: String(err) }));
    return [];
  }
}

interface WatchCheckRow {
  seconds: number;
  previous_slot: string | Date | null;
  held: string[] | string;
}

const rulesOf = (measure: BadgeRule["measure"], held: Set<string>) => BADGE_RULES.filter((r) => r.measure === measure && !held.has(r.id));

/**
 * After a watch record that added really-watched seconds or opened a new quarter hour of watching:
 * whether an hours or streak badge may have become due, in one small query, so the whole history is
 * read only then (a few times a day at most). The hours-learned figure crossed the level of an hours
 * badge not held, or this quarter hour is the first of a new local day while a streak badge is not held.
 */
export async function watchMayEarnBadge(db: Db, user: User, newSlot: Date | null): Promise<boolean> {
  const result = await db.execute(sql`
    select
      (select coalesce(sum(watched_seconds), 0)::float8 from video_progress where user_id = ${user.id}) as seconds,
      (select max(slot_start) from video_watch_time where user_id = ${user.id} and slot_start < ${(newSlot ?? new Date(0)).toISOString()}::timestamptz) as previous_slot,
      (select coalesce(array_agg(badge_id), '{}') from badge_awards where user_id = ${user.id}) as held`);
  const row = (result as unknown as { rows: WatchCheckRow[] }).rows[0]!;
  const held = new Set(Array.isArray(row.held) ? row.held : row.held.replace(/^\{|\}$/g, "").split(",").filter(Boolean));
  const hours = hoursOf(Number(row.seconds));
  if (rulesOf("hoursLearned", held).some((r) => hours >= r.atLeast)) return true;
  if (!newSlot || !rulesOf("streakDays", held).length) return false;
  const zone = learnerTimeZone(user);
  return !row.previous_slot || localDate(new Date(row.previous_slot), zone) !== localDate(newSlot, zone);
}

/** Keeps the time zone the learner's browser reports, in which streak days are counted; a query only when it changed. */
export async function rememberTimeZone(db: Db, user: User, timeZone: string | undefined): Promise<User> {
  if (!timeZone || timeZone === user.timeZone) return user;
  await db.update(users).set({ timeZone }).where(eq(users.id, user.id));
  return { ...user, timeZone };
}
