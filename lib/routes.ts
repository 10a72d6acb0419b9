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
