import { useTranslations } from "next-intl";
import type { CourseEnrollmentState } from "@/lib/contract/entities/shared";

/**
 * Where a learner stands with a course (docs/enrollment.md), in the page's language: worded from the
 * API's status and basis. The API's English `note` is the reference (the same words in English); it
 * also tells a complimentary course from another free one and carries a paid course's price, both
 * read from it here. A state this cannot word keeps the API's note. It works in server components
 * too (the catalogue's cards are drawn on the server).
 */
export function useEnrollmentNote() {
  const t = useTranslations("common.enrollmentNote");
  return ({ status, basis, note }: CourseEnrollmentState): string => {
    if (status === "notStarted") return t("notStarted");
    if (status === "accountExpired" || (status === "cannotEnroll" && basis === "batch")) return t("accessEnded");
    if (status === "premiumOnly" || (status === "cannotEnroll" && basis === "premiumPlan")) return t("premium");
    if (status === "canEnroll" && basis === "batch") return t("batch");
    if (status === "canEnroll" && basis === "plan") return t("plan");
    if (status === "canEnroll" && basis === "free") return note.startsWith("Complimentary") ? t("complimentary") : t("free");
    const price = status === "cannotEnroll" && basis === "paid" ? /\(([^)]+)\)/.exec(note)?.[1] : undefined;
    if (price) return t("paid", { price });
    return note;
  };
}
