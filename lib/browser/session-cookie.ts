import { LEAD_COOKIES, PROFILE_COOKIES, sessionCookieName as cookieNameFor } from "@/lib/session-cookie";
import { runningAppEnv } from "./app-env";
import { readCookie, removeCookie, writeCookie } from "./cookies";

const sessionCookieName = () => cookieNameFor(runningAppEnv());

export function getSessionToken(): string | undefined {
  return readCookie(sessionCookieName());
}

/** Readable by the client (it sends the Bearer header), never sent cross-site, Secure on https. */
export function setSessionToken(token: string, expiresAt: Date) {
  writeCookie(sessionCookieName(), token, {
    expires: expiresAt,
    sameSite: "lax",
    secure: typeof location !== "undefined" && location.protocol === "https:",
    path: "/",
  });
}

/** Forgets the session and every cookie the spec lists for logout. */
export function clearSessionCookies() {
  for (const name of [sessionCookieName(), ...LEAD_COOKIES, ...PROFILE_COOKIES]) removeCookie(name, { path: "/" });
}
