import { useTranslations } from "next-intl";
import { useCallback } from "react";
import { durationMessage } from "@/lib/i18n/duration";

/** Minutes in the page's language: "1 hr 5 mins" in English (the spec's form), "1 घंटा 5 मिनट" in Hindi; in server and client components alike. */
export function useDuration() {
  const t = useTranslations("common.duration");
  return useCallback((totalMinutes: number) => {
    const { key, values } = durationMessage(totalMinutes);
    return t(key, values);
  }, [t]);
}
