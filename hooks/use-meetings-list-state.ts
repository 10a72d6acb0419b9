"use client";

import { useRouter } from "next/navigation";
import { usePagePath, usePageQuery } from "@/hooks/use-address";
import { readMeetingListState } from "@/components/meetings/list-state";

/** The group-sessions list state from the address, and a way to change it; any change but the page's goes back to page 1. */
export function useMeetingsListState() {
  const params = usePageQuery();
  const router = useRouter();
  const pathname = usePagePath();
  const state = readMeetingListState(params);

  const update = (changes: Partial<Record<"range" | "course" | "page", string | undefined>>) => {
    const next = new URLSearchParams(params.toString());
    for (const [k, v] of Object.entries(changes)) {
      if (v) next.set(k, v);
      else next.delete(k);
    }
    if (!("page" in changes)) next.delete("page");
    if (next.get("range") === "upcoming") next.delete("range");
    if (next.get("page") === "1") next.delete("page");
    const query = next.toString();
    router.replace(query ? `${pathname}?${query}` : pathname, { scroll: false });
  };

  return { ...state, update };
}
