/** Local storage: the learner's choice, 'true' for dark and 'false' for light. */
export const DARK_MODE_KEY = "darkModeKey";
/** Session storage: present once the site has loaded in this browser session. */
export const SESSION_LOADED_KEY = "hasWebsiteLoadedOneTimeKey";

export interface ThemeDecision {
  dark: boolean;
  /** A value to write to local storage, or null to leave it. */
  store: "true" | "false" | null;
  /** Whether to mark the session as loaded. */
  markSession: boolean;
}

/**
 * The spec's rule for the theme at load: the first load of a browser session sets the stored
 * preference to dark; after that the stored preference wins, and without one the system's.
 * Kept free of outside references: its source text runs as the inline script before paint.
 */
export function decideTheme(stored: string | null, sessionLoaded: boolean, systemDark: boolean): ThemeDecision {
  if (!sessionLoaded) return { dark: true, store: "true", markSession: true };
  if (stored === "true" || stored === "false") return { dark: stored === "true", store: null, markSession: false };
  return { dark: systemDark, store: null, markSession: false };
}

function bootTheme(decide: typeof decideTheme, darkKey: string, sessionKey: string) {
  const root = document.documentElement;
  const systemDark = function () {
    try {
      return window.matchMedia("(prefers-color-scheme: dark)").matches;
    } catch {
      return false;
    }
  };
  try {
    const decision = decide(localStorage.getItem(darkKey), sessionStorage.getItem(sessionKey) !== null, systemDark());
    if (decision.store) localStorage.setItem(darkKey, decision.store);
    if (decision.markSession) sessionStorage.setItem(sessionKey, "true");
    root.classList.toggle("dark", decision.dark);
  } catch {
    // Storage may be blocked (strict privacy settings): follow the system then.
    root.classList.toggle("dark", systemDark());
  }
}

/** The inline script the root layout puts first in <head>, so the page is painted in the right theme. */
export const themeScript = `(${bootTheme.toString()})(${decideTheme.toString()},${JSON.stringify(DARK_MODE_KEY)},${JSON.stringify(SESSION_LOADED_KEY)});`;

/**
 * The same decision, taken again once React runs. A page whose document React drew in the browser
 * (Next's error shell for a 404 raised while the page streams, where the inline script never ran)
 * gets the theme too; after the script it changes nothing.
 */
export function restoreTheme() {
  bootTheme(decideTheme, DARK_MODE_KEY, SESSION_LOADED_KEY);
}

/** Applies and remembers the learner's choice. */
export function setDarkMode(dark: boolean) {
  document.documentElement.classList.toggle("dark", dark);
  try {
    localStorage.setItem(DARK_MODE_KEY, dark ? "true" : "false");
  } catch {
    // Storage blocked: the choice lasts for this page only.
  }
}
