// @vitest-environment jsdom
import Cookies from "js-cookie";
import { describe, expect, it } from "vitest";
import { LEAD_COOKIES, PROFILE_COOKIES, sessionCookieName } from "@/lib/session-cookie";
import { getSessionToken, setSessionToken } from "@/lib/browser/session-cookie";
import { forgetSession } from "@/lib/browser/sign-out";

describe("forgetting the session on logout", () => {
  it("clears the session, lead and profile cookies, keeps the campaign cookies, and ends the chat session", () => {
    const names = [sessionCookieName("dev"), ...LEAD_COOKIES, ...PROFILE_COOKIES];
    expect(LEAD_COOKIES).toEqual([
      "lead_name",
      "lead_email",
      "lead_phone",
      "lead_domain",
      "lead_customerProfile",
      "lead_educationBackground",
      "lead_languages",
      "lead_prospectId",
    ]);
    expect(PROFILE_COOKIES).toEqual(["skillgrow-website-userName", "skillgrow-website-domain"]);
    for (const name of names) Cookies.set(name, "v", { path: "/" });
    Cookies.set("utm_source", "news", { path: "/" });
    const calls: string[] = [];
    window.Tawk_API = { minimize: () => calls.push("minimize"), shutdown: () => calls.push("shutdown"), logout: () => calls.push("logout") };

    forgetSession();

    for (const name of names) expect(Cookies.get(name), name).toBeUndefined();
    expect(Cookies.get("utm_source")).toBe("news");
    expect(calls).toEqual(["minimize", "shutdown", "logout"]);
  });
});

describe("the session cookie's name in the browser", () => {
  it("follows the APP_ENV of the server that rendered the page, not the one the app was built with", () => {
    // The root layout writes the running server's APP_ENV on <html> (app/app-document.tsx).
    document.documentElement.setAttribute("data-app-env", "stage");
    setSessionToken("token-from-stage", new Date(Date.now() + 60_000));
    expect(Cookies.get("stageuserTokenSklGrow")).toBe("token-from-stage");
    expect(Cookies.get("devuserTokenSklGrow")).toBeUndefined();
    expect(getSessionToken()).toBe("token-from-stage");

    forgetSession();
    expect(Cookies.get("stageuserTokenSklGrow")).toBeUndefined();
  });
});
