"use client";

import { useTranslations } from "next-intl";
import { useEffect } from "react";
import { badgeNames, subscribeNewBadges } from "@/lib/browser/badge-announcements";
import { invalidateCached } from "@/lib/browser/query-cache";
import { showToast } from "@/components/ui/toast-store";

/** Shows "Badge earned: …" when an action of the learner earned badges, and refreshes the figures that count them. */
export function BadgeToasts() {
  const t = useTranslations("common.badges");
  useEffect(
    () =>
      subscribeNewBadges((badges) => {
        showToast({
          title: t("earned", { names: badgeNames(badges) }),
          description: badges.length === 1 ? badges[0]!.description : t("seeAll"),
          variant: "success",
          duration: 8000,
        });
        invalidateCached(["achievements"], ["dashboard", "stats"]);
      }),
    [t],
  );
  return null;
}
