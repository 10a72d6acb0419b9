import "server-only";
import type { CourseCard } from "@/lib/contract/entities/catalogue";
import type { Deps } from "../../deps";
import { loadCatalogue, paginate, type CatalogueCourse } from "../catalogue";
import type { User } from "../../domain/user";

export type PurchasedStatus = "completed" | "inProgress" | "notStarted";

export interface PurchasedQuery {
  courseType?: CourseCard["courseType"];
  status?: PurchasedStatus;
  domain?: CourseCard["domain"];
  pageNumber: number;
  pageSize: number;
}

/** Where a course stands for the learner, by the completion model: completed, started, or not started. */
export function purchasedStatusOf(course: CatalogueCourse): PurchasedStatus {
  if (course.figures.isCompleted) return "completed";
  return course.isStarted ? "inProgress" : "notStarted";
}

/**
 * GET /dashboard/purchased/all: the courses the learner is enrolled in, optionally of one course type,
 * one status (completed is the list behind the dashboard's "courses completed") or one domain;
 * the most recently active first, then by name.
 */
export async function listPurchasedCourses(deps: Deps, user: User, query: PurchasedQuery) {
  const catalogue = await loadCatalogue(deps, user);
  const cards = catalogue.courses
    .filter((c) => c.isEnrolled)
    .filter((c) => !query.status || purchasedStatusOf(c) === query.status)
    .filter((c) => !query.domain || c.domain === query.domain)
    .sort((a, b) => b.lastActivityAt - a.lastActivityAt || a.name.localeCompare(b.name))
    .map((c) => c.card(purchasedStatusOf(c) === "inProgress" ? "in progress" : "all courses"))
    .filter((card) => !query.courseType || card.courseType === query.courseType);
  return paginate(cards, query.pageNumber, query.pageSize);
}
