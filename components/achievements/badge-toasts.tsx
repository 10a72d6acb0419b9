"use client";

import { useQueryClient } from "@tanstack/react-query";
import { useEffect } from "react";
import { badgeToastTitle, subscribeNewBadges } from "@/lib/browser/badge-announcements";
import { showToast } from "@/components/ui/toast-store";

/** Shows "Badge earned: …" when an action of the learner earned badges, and refreshes the figures that count them. */
export function BadgeToasts() {
  const queryClient = useQueryClient();
  useEffect(
    () =>
      subscribeNewBadges((badges) => {
        showToast({
          title: badgeToastTitle(badges),
          description: badges.length === 1 ? badges[0]!.description : "See them on your achievements page.",
          variant: "success",
          duration: 8000,
        });
        void queryClient.invalidateQueries({ queryKey: ["achievements"] });
        void queryClient.invalidateQueries({ queryKey: ["dashboard", "stats"] });
      }),
    [queryClient],
  );
  return null;
}
