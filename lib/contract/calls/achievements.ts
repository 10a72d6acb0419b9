import { z } from "zod";
import { defineCall } from "../call";
import { badge, certificate } from "../entities";

// Achievements: badges.

export const getAchievementsDetails = defineCall({
  method: "GET",
  group: "/dashboard",
  path: "/getAchievementsDetails",
  summary: "The learner's badges and certificates.",
  access: "learner",
  served: false,
  response: z
    .object({
      badgesEarned: z.number().int().min(0),
      certificatesEarned: z.number().int().min(0),
      badges: z.array(badge).describe("Every badge, earned or not"),
      certificates: z.array(certificate).describe("Issued certificates"),
    })
    .describe("The learner's achievements"),
});
