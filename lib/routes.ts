/** Pages that need a signed-in user (spec section 2). A certificate's share page stays public. */
const protectedPatterns = [
  /^\/achivements(\/|$)/,
  /^\/career-services(\/|$)/,
  /^\/certificates\/?$/,
  /^\/courses(\/|$)/,
  /^\/dashboard(\/|$)/,
  // The graders' pages (not in the spec's list; signed-in like the rest).
  /^\/evaluate(\/|$)/,
  /^\/group-sessions(\/|$)/,
  /^\/learning-paths(\/|$)/,
];

export const isProtectedPath = (pathname: string) => protectedPatterns.some((re) => re.test(pathname));

/** Where a logged-out visitor of a protected page is sent: home, with the toast, and back here after signing in. */
export function loginRedirectPath(pathAndQuery: string) {
  const params = new URLSearchParams({ reason: "login-required", redirectUrl: pathAndQuery });
  return `/?${params.toString()}`;
}

/** A certificate's public share page, /certificates/{course|program}/{certificateUID}: open to anyone. */
const SHARE_PAGE = /^\/certificates\/(course|program)\/([A-Za-z0-9_-]{16,64})\/?$/;

/** The certificate UID of a share page's address, or null for any other address. */
export function certificateSharePageUid(pathname: string): string | null {
  return SHARE_PAGE.exec(pathname)?.[2] ?? null;
}

/** Where "resume" goes when the learner has not started anything: the catalogue, which says so. */
export const NOTHING_TO_RESUME_PATH = "/courses?resume=none";
