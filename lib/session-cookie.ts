export const PRODUCT = "skillgrow";

/**
 * The session cookie's name for the running server's APP_ENV: the server reads it from its
 * environment (serverEnv), the browser from the page the server rendered (lib/browser/app-env.ts),
 * so a build made without APP_ENV and started with it still agrees with itself.
 */
export const sessionCookieName = (appEnv: string) => `${appEnv}userTokenSklGrow`;

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
