// @vitest-environment jsdom
import Cookies from "js-cookie";
import { afterEach, describe, expect, it } from "vitest";
import { readCookie, removeCookie, writeCookie } from "@/lib/browser/cookies";

const nextRun = () => new Promise((resolve) => setTimeout(resolve, 0));

afterEach(async () => {
  for (const name of Object.keys(Cookies.get())) Cookies.remove(name, { path: "/" });
  await nextRun();
});

describe("reading a cookie", () => {
  it("reads what js-cookie writes, encoded values included, as js-cookie reads it", () => {
    Cookies.set("utm_campaign", "spring sale; 50% off", { path: "/" });
    Cookies.set("plain", "a=b", { path: "/" });
    expect(readCookie("utm_campaign")).toBe("spring sale; 50% off");
    expect(readCookie("plain")).toBe(Cookies.get("plain"));
    expect(readCookie("missing")).toBeUndefined();
  });

  it("sees at once what it writes or removes itself, and a cookie set elsewhere from the page's next run of code", async () => {
    expect(readCookie("devuserTokenSklGrow")).toBeUndefined();
    writeCookie("devuserTokenSklGrow", "first", { path: "/" });
    expect(readCookie("devuserTokenSklGrow")).toBe("first");
    writeCookie("devuserTokenSklGrow", "second", { path: "/" });
    expect(readCookie("devuserTokenSklGrow")).toBe("second");
    removeCookie("devuserTokenSklGrow", { path: "/" });
    expect(readCookie("devuserTokenSklGrow")).toBeUndefined();
    // Set by the server's answer or another tab: seen once the code that read before has run.
    document.cookie = "devuserTokenSklGrow=from-elsewhere; path=/";
    await nextRun();
    expect(readCookie("devuserTokenSklGrow")).toBe("from-elsewhere");
  });

  it("skips a cookie whose value is not valid percent-encoding, and still reads the others", () => {
    document.cookie = "broken=%E0%A4%A; path=/";
    Cookies.set("fine", "yes", { path: "/" });
    expect(readCookie("fine")).toBe("yes");
  });
});
