"use client";

import { useRouter } from "next/navigation";
import { usePagePath, usePageQuery } from "@/hooks/use-address";
import { ASSIGNMENT_FILTERS, oneOf } from "@/lib/contract/filters";

export type AssignmentTab = "unassigned" | "pending" | "completed" | "all";

/**
 * The graders' list state, kept in the address (?assignment=&course=&learner=) so a filtered
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
  /** Changes some of the state; the list then starts again from its first rows. */
  const update = (changes: Partial<Record<"assignment" | "course" | "learner", string | undefined>>) => {
    const next = new URLSearchParams(params.toString());
    for (const [k, v] of Object.entries(changes)) {
      if (v) next.set(k, v);
      else next.delete(k);
    }
    // An address from before the list loaded more on demand may still carry a page number.
    next.delete("page");
    const query = next.toString();
    router.replace(query ? `${pathname}?${query}` : pathname, { scroll: false });
  };

  return { assignment, courseId, userId, update, search: params.toString() };
}
