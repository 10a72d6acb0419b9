/** The signed-in pages of spec section 2, in the header's order, each with its name's key in `shell.nav`. The spec spells the achievements route /achivements. */
export const NAV_LINKS = [
  { href: "/dashboard", label: "dashboard" },
  { href: "/courses", label: "courses" },
  { href: "/learning-paths", label: "learningPaths" },
  { href: "/certificates", label: "certificates" },
  { href: "/achivements", label: "achievements" },
  { href: "/group-sessions", label: "groupSessions" },
  { href: "/career-services", label: "careerServices" },
] as const;

export const isActiveLink = (pathname: string, href: string) => pathname === href || pathname.startsWith(`${href}/`);

/** Links only graders and administrators see, after the others. */
export const GRADER_LINKS = [{ href: "/evaluate", label: "evaluate" }] as const;

/** Links only authors and administrators see: the studio, where courses are built. */
export const STUDIO_LINKS = [{ href: "/studio", label: "studio" }] as const;

/** Languages whose names of the links do not fit one row of 1280 px (the header keeps its menu until 1536 px). */
export const LONG_NAV_LOCALES: ReadonlySet<string> = new Set(["ta"]);

/** The roles that may use the studio (the contract's `author` access). */
export const isStudioRole = (role: string) => role === "author" || role === "admin";
