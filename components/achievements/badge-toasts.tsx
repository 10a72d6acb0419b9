"use client";

import { useQueryClient } from "@tanstack/react-query";
import { useTranslations } from "next-intl";
import { useEffect } from "react";
import { badgeNames, subscribeNewBadges } from "@/lib/browser/badge-announcements";
import { showToast } from "@/components/ui/toast-store";

/** Shows "Badge earned: …" when an action of the learner earned badges, and refreshes the figures that count them. */
export function BadgeToasts() {
  const t = useTranslations("common.badges");
  const queryClient = useQueryClient();
  useEffect(
    () =>
      subscribeNewBadges((badges) => {
        showToast({
          title: t("earned", { names: badgeNames(badges) }),
          description: badges.length === 1 ? badges[0]!.description : t("seeAll"),
          variant: "success",
          duration: 8000,
        });
        void queryClient.invalidateQueries({ queryKey: ["achievements"] });
        void queryClient.invalidateQueries({ queryKey: ["dashboard", "stats"] });
      }),
    [queryClient, t],
  );
  return null;
}
