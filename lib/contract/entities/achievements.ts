import { z } from "zod";
import { isoDate } from "../common";

// Badges, and the field an action's answer announces new badges in.
//
// Entities of spec section 3 (the user profile lives in ../user). Ids are strings, dates ISO 8601
// strings. Schemas with an `id` in their metadata become named components of the API description.

export const badge = z
  .object({
    id: z.string(),
    name: z.string(),
    description: z.string().describe("What earns the badge"),
    imageUrl: z.string().nullable(),
    isEarned: z.boolean(),
    earnedAt: isoDate.nullable(),
  })
  .describe("A badge the learner has earned or can earn")
  .meta({ id: "Badge" });
export type Badge = z.infer<typeof badge>;

/** The field an action's answer carries when the action earned badges, so the learner is told once. */
export const newBadgesField = {
  newBadges: z.array(badge).optional().describe("Badges this action earned, to announce to the learner once; absent when it earned none"),
};
export type NewBadges = { newBadges?: Badge[] };
