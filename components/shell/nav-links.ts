/** The signed-in pages of spec section 2, in the header's order. The spec spells the achievements route /achivements. */
export const NAV_LINKS = [
  { href: "/dashboard", label: "Dashboard" },
  { href: "/courses", label: "Courses" },
  { href: "/learning-paths", label: "Learning paths" },
  { href: "/certificates", label: "Certificates" },
  { href: "/achivements", label: "Achievements" },
  { href: "/group-sessions", label: "Group sessions" },
  { href: "/career-services", label: "Career services" },
] as const;

export const isActiveLink = (pathname: string, href: string) => pathname === href || pathname.startsWith(`${href}/`);

/** Links only graders and administrators see, after the others. */
export const GRADER_LINKS = [{ href: "/evaluate", label: "Evaluate" }] as const;

/** Links only authors and administrators see: the studio, where courses are built. */
export const STUDIO_LINKS = [{ href: "/studio", label: "Studio" }] as const;

/** The roles that may use the studio (the contract's `author` access). */
export const isStudioRole = (role: string) => role === "author" || role === "admin";
