import { z } from "zod";
import { customerProfile, educationBackground, plan, preferredLanguage, userKind, userRole } from "./common";

export const userProfile = z
  .object({
    id: z.string(),
    name: z.string(),
    email: z.string(),
    countryCode: z.string().nullable(),
    phone: z.string().nullable(),
    domain: z.string().nullable(),
    preferredLanguage: preferredLanguage,
    plan: plan,
    isPremiumUser: z.boolean().describe("true when plan is Premium"),
    videoCoursesPurchased: z.array(z.string()).describe("ids of courses the user bought alone"),
    customerProfile: customerProfile.nullable(),
    educationBackground: educationBackground.nullable(),
    hasCareerServicesAccess: z.boolean(),
    hasSoftwareLicenseAccess: z.boolean(),
    isEnrolledInPgCourse: z.boolean(),
    isO3ChatAvailable: z.boolean(),
    tawkHash: z.string().nullable().describe("HMAC of the e-mail for the chat widget's secure mode; null without a chat secret"),
    userKind: userKind,
    role: userRole,
  })
  .describe("The signed-in user's profile");
export type UserProfile = z.infer<typeof userProfile>;
