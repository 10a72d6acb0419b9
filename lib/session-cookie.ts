import Cookies from "js-cookie";
import { publicEnv } from "@/lib/env";

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

export function getSessionToken(): string | undefined {
  return Cookies.get(sessionCookieName());
}

/** Readable by the client (it sends the Bearer header), never sent cross-site, Secure on https. */
export function setSessionToken(token: string, expiresAt: Date) {
  Cookies.set(sessionCookieName(), token, {
    expires: expiresAt,
    sameSite: "lax",
    secure: typeof location !== "undefined" && location.protocol === "https:",
    path: "/",
  });
}

/** Forgets the session and every cookie the spec lists for logout. */
export function clearSessionCookies() {
  for (const name of [sessionCookieName(), ...LEAD_COOKIES, ...PROFILE_COOKIES]) Cookies.remove(name, { path: "/" });
}
