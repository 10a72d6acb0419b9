/**
 * Keeps a post-login redirect on this site: only an absolute path ("/courses?x=1") is kept.
 * Protocol-relative ("//evil.example"), backslash tricks ("/\\evil.example"), absolute URLs and
 * control characters fall back to the dashboard.
 */
export function safeRedirectPath(input: unknown, fallback = "/dashboard"): string {
  if (typeof input !== "string") return fallback;
  const value = input.trim();
  if (!value.startsWith("/") || value.startsWith("//") || value.startsWith("/\\")) return fallback;
  if (/[\u0000-\u001f\u007f\\]/.test(value)) return fallback;
  try {
    const base = "http://site.invalid";
    const url = new URL(value, base);
    if (url.origin !== base) return fallback;
    return `${url.pathname}${url.search}${url.hash}`;
  } catch {
    return fallback;
  }
}

const titles: [RegExp, string][] = [
  [/^\/dashboard/, "Dashboard"],
  [/^\/courses/, "Courses"],
  [/^\/learn\//, "Your course"],
  [/^\/learning-paths/, "Learning paths"],
  [/^\/certificates/, "Certificates"],
  [/^\/achivements/, "Achievements"],
  [/^\/group-sessions/, "Group sessions"],
  [/^\/career-services/, "Career services"],
];

/** A page name for "Taking you to …" after sign-in. */
export function titleForPath(path: string): string {
  return titles.find(([re]) => re.test(path))?.[1] ?? "Dashboard";
}
