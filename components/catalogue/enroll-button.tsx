"use client";

import { useTranslations } from "next-intl";
import { useRouter } from "next/navigation";
import { useState } from "react";
import { useErrorText } from "@/components/i18n/use-error-text";
import { invalidateCached } from "@/lib/browser/query-cache";
import { courseEntryPath } from "@/lib/learning-address";
import { showToast } from "@/components/ui/toast-store";

/** Enrolls the learner in a course they may join, then opens it; a refusal is told in a toast. */
export function EnrollButton({ courseId, slugId, courseName, className }: { courseId: string; slugId: string; courseName: string; className: string }) {
  const t = useTranslations("catalogue.enroll");
  const errorText = useErrorText();
  const router = useRouter();
  const [pending, setPending] = useState(false);
  const enroll = async () => {
    setPending(true);
    try {
      // The call's code loads when the learner asks to enroll, not with the catalogue.
      const { enrollInCourse } = await import("@/lib/api/catalogue");
      await enrollInCourse(courseId);
      invalidateCached(["course"]);
      router.push(courseEntryPath(slugId));
    } catch (err) {
      showToast({ description: errorText(err), variant: "destructive" });
      setPending(false);
    }
  };
  return (
    <button type="button" onClick={() => void enroll()} disabled={pending} className={className}>
      {pending ? t("enrolling") : t("enroll")}
      <span className="sr-only"> {t("course", { course: courseName })}</span>
    </button>
  );
}
