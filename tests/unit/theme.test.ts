// @vitest-environment jsdom
import { beforeEach, describe, expect, it, vi } from "vitest";
import { DARK_MODE_KEY, decideTheme, restoreTheme, SESSION_LOADED_KEY, setDarkMode, themeScript } from "@/lib/browser/theme";

describe("the dark-mode rule", () => {
  it("sets the stored preference to dark on the first load of a browser session, whatever was stored", () => {
    for (const stored of [null, "true", "false", "junk"]) {
      for (const systemDark of [true, false]) {
        expect(decideTheme(stored, false, systemDark)).toEqual({ dark: true, store: "true", markSession: true });
      }
    }
  });
  it("follows the stored preference later in the session", () => {
    expect(decideTheme("false", true, true)).toEqual({ dark: false, store: null, markSession: false });
    expect(decideTheme("true", true, false)).toEqual({ dark: true, store: null, markSession: false });
  });
  it("follows the system without a stored preference", () => {
    expect(decideTheme(null, true, true).dark).toBe(true);
    expect(decideTheme(null, true, false).dark).toBe(false);
    expect(decideTheme("yes", true, false).dark).toBe(false);
  });
});

function mockSystem(dark: boolean) {
  window.matchMedia = vi.fn().mockImplementation((query: string) => ({ matches: dark && query.includes("dark"), media: query })) as never;
}
// The inline script exactly as the layout serves it.
const runScript = () => new Function(themeScript)();

describe("the inline theme script", () => {
  beforeEach(() => {
    localStorage.clear();
    sessionStorage.clear();
    document.documentElement.className = "";
    mockSystem(false);
  });

  it("is self-contained: it runs from its own source text", () => {
    expect(themeScript).toContain(DARK_MODE_KEY);
    expect(themeScript).toContain(SESSION_LOADED_KEY);
    expect(runScript).not.toThrow();
  });

  it("turns dark and stores it on a session's first load, then keeps the learner's choice across reloads", () => {
    localStorage.setItem(DARK_MODE_KEY, "false");
    runScript();
    expect(document.documentElement.classList.contains("dark")).toBe(true);
    expect(localStorage.getItem(DARK_MODE_KEY)).toBe("true");
    expect(sessionStorage.getItem(SESSION_LOADED_KEY)).not.toBeNull();

    setDarkMode(false);
    expect(localStorage.getItem(DARK_MODE_KEY)).toBe("false");
    document.documentElement.className = "";
    runScript(); // a reload in the same session
    expect(document.documentElement.classList.contains("dark")).toBe(false);
  });

  it("uses the system preference in a loaded session without a stored choice", () => {
    sessionStorage.setItem(SESSION_LOADED_KEY, "true");
    mockSystem(true);
    runScript();
    expect(document.documentElement.classList.contains("dark")).toBe(true);
    mockSystem(false);
    runScript();
    expect(document.documentElement.classList.contains("dark")).toBe(false);
  });

  it("is applied again once React runs: to a document the script never ran in, and without changing one it did", () => {
    sessionStorage.setItem(SESSION_LOADED_KEY, "true");
    localStorage.setItem(DARK_MODE_KEY, "true");
    restoreTheme();
    expect(document.documentElement.classList.contains("dark")).toBe(true);
    runScript();
    setDarkMode(false);
    restoreTheme();
    expect(document.documentElement.classList.contains("dark")).toBe(false);
    expect(localStorage.getItem(DARK_MODE_KEY)).toBe("false");
  });

  it("falls back to the system when storage is blocked", () => {
    const getItem = vi.spyOn(Storage.prototype, "getItem").mockImplementation(() => {
      throw new DOMException("blocked", "SecurityError");
    });
    mockSystem(true);
    runScript();
    expect(document.documentElement.classList.contains("dark")).toBe(true);
    getItem.mockRestore();
  });
});
