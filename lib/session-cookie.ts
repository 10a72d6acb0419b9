import { publicEnv } from "@/lib/public-env";

export const PRODUCT = "skillgrow";
export const sessionCookieName = (appEnv: string = publicEnv.appEnv) => `${appEnv}userTokenSklGrow`;

export const LEAD_COOKIES = [
  "lead_name",
  "lead_email",
  "lead_phone",
  "lead_domain",
  "lead_customerProfile",
  "lead_educationBackground",
  "lead_languages",
  "lead_prospectId",
] as const;
export const PROFILE_COOKIES = [`${PRODUCT}-website-userName`, `${PRODUCT}-website-domain`] as const;
