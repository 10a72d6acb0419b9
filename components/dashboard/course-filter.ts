import { COURSE_TYPES, DOMAIN_NAMES, oneOf } from "@/lib/contract/filters";
import type { PurchasedQuery } from "@/lib/api/dashboard";

/** The "My courses" list's state, kept in the dashboard's address so every figure can link to its list. */
export const COURSE_STATUSES = [
  { key: "all", label: "All" },
  { key: "inProgress", label: "In progress" },
  { key: "completed", label: "Completed" },
  { key: "notStarted", label: "Not started" },
] as const;
export type CourseStatusKey = (typeof COURSE_STATUSES)[number]["key"];

export const MY_COURSES_PAGE_SIZE = 6;

export interface CourseFilter {
  status: CourseStatusKey;
  courseType?: PurchasedQuery["courseType"];
  domain?: PurchasedQuery["domain"];
  page: number;
}

type Params = { get: (name: string) => string | null };

export function readCourseFilter(params: Params): CourseFilter {
  const status = COURSE_STATUSES.find((s) => s.key === params.get("courses"))?.key ?? "all";
  const page = Math.max(1, Number.parseInt(params.get("page") ?? "1", 10) || 1);
  return {
    status,
    courseType: oneOf(COURSE_TYPES, params.get("type")),
    domain: oneOf(DOMAIN_NAMES, params.get("domain")),
    page,
  };
}

/** The /dashboard/purchased/all query of a filter. */
export const purchasedQueryOf = (f: CourseFilter): PurchasedQuery => ({
  ...(f.status === "all" ? {} : { status: f.status }),
  ...(f.courseType ? { courseType: f.courseType } : {}),
  ...(f.domain ? { domain: f.domain } : {}),
  pageNumber: f.page,
  pageSize: MY_COURSES_PAGE_SIZE,
});

/** The dashboard address showing the list with a filter. */
export function courseListHref(f: Partial<CourseFilter>): string {
  const p = new URLSearchParams();
  if (f.status && f.status !== "all") p.set("courses", f.status);
  if (f.courseType) p.set("type", f.courseType);
  if (f.domain) p.set("domain", f.domain);
  if (f.page && f.page > 1) p.set("page", String(f.page));
  const q = p.toString();
  return `/dashboard${q ? `?${q}` : ""}#my-courses`;
}
