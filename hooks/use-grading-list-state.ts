"use client";

import { useRouter } from "next/navigation";
import { usePagePath, usePageQuery } from "@/hooks/use-address";
import { ASSIGNMENT_FILTERS, oneOf } from "@/lib/contract/filters";

export type AssignmentTab = "unassigned" | "pending" | "completed" | "all";

/**
 * The graders' list state, kept in the address (?assignment=&course=&learner=&page=) so a filtered
 * page can be reloaded, shared and returned to from a submission. Unassigned is the default tab:
 * what still needs a grader.
 */
export function useGradingListState() {
  const params = usePageQuery();
  const router = useRouter();
  const pathname = usePagePath();
  const assignment: AssignmentTab = oneOf(ASSIGNMENT_FILTERS, params.get("assignment")) ?? "unassigned";
  const courseId = params.get("course")?.slice(0, 100) || undefined;
  const userId = params.get("learner")?.slice(0, 100) || undefined;
  const page = Math.max(1, Number.parseInt(params.get("page") ?? "1", 10) || 1);

  /** Changes some of the state; any change but the page's goes back to page 1. */
  const update = (changes: Partial<Record<"assignment" | "course" | "learner" | "page", string | undefined>>) => {
    const next = new URLSearchParams(params.toString());
    for (const [k, v] of Object.entries(changes)) {
      if (v) next.set(k, v);
      else next.delete(k);
    }
    if (!("page" in changes)) next.delete("page");
    const query = next.toString();
    router.replace(query ? `${pathname}?${query}` : pathname, { scroll: false });
  };

  return { assignment, courseId, userId, page, update, search: params.toString() };
}
