import { z } from "zod";
import { defineCall } from "../call";
import { certificate } from "../entities/certificates";
import { badge } from "../entities/achievements";
import { timeZone } from "../fields";

// Achievements: badges.

export const getAchievementsDetails = defineCall({
  method: "GET",
  group: "/dashboard",
  path: "/getAchievementsDetails",
  summary: "The learner's badges (every badge, earned or not) and the certificates they hold. Badges due are awarded first.",
  access: "learner",
  query: z.object({
    timeZone: timeZone
      .optional()
      .describe("The learner's IANA time zone (the browser's), kept for counting the days of streak badges; the one kept before (else UTC) when left out"),
  }),
  response: z
    .object({
      badgesEarned: z.number().int().min(0).describe("Badges earned: the same figure as the dashboard's"),
      certificatesEarned: z.number().int().min(0).describe("Certificates held and not revoked: the same figure as the dashboard's"),
      badges: z.array(badge).describe("Every badge, earned or not, in a fixed order"),
      certificates: z.array(certificate).describe("Certificates held and not revoked, newest first"),
    })
    .describe("The learner's achievements"),
});
