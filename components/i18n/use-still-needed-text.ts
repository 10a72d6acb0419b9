import { useTranslations } from "next-intl";
import { useCallback } from "react";
import type { StillNeededItem } from "@/lib/contract/entities/shared";

/**
 * One thing a course still needs (docs/completion.md), in the page's language: made from the item's
 * reason, title and figures, the same sentence the API's `message` gives in English.
 */
export function useStillNeededText() {
  const t = useTranslations("common.stillNeeded");
  return useCallback(
    (item: StillNeededItem): string => {
      const title = item.title;
      const passMark = Math.round(item.passMark ?? 0);
      const scored = item.scorePercent === null ? "no" : "yes";
      const score = Math.round(item.scorePercent ?? 0);
      switch (item.reason) {
        case "watch":
          return t("watch", { title });
        case "play":
          return item.passMark === null ? t("play", { title }) : t("playPass", { title, scored, score, passMark });
        case "complete":
          return t("complete", { title });
        case "submit":
          return item.passMark === null ? t("submit", { title }) : t("submitPass", { title, passMark });
        case "awaitGrading":
          return t("awaitGrading", { title, passMark });
        case "gradedBelow":
          return t("gradedBelow", { title, score, passMark });
        case "pass": {
          const left = item.attemptsRemaining === null ? "unlimited" : item.attemptsRemaining === 0 ? "none" : "some";
          return t("pass", { title, scored, score, passMark, left, attempts: item.attemptsRemaining ?? 0 });
        }
      }
    },
    [t],
  );
}
