"use client";

import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useTranslations } from "next-intl";
import { useRouter } from "next/navigation";
import { enrollInCourse } from "@/lib/api/catalogue";
import { useErrorText } from "@/components/i18n/use-error-text";
import { courseEntryPath } from "@/lib/learning-address";
import { showToast } from "@/components/ui/toast-store";

/** Enrolls the learner in a course they may join, then opens it; a refusal is told in a toast. */
export function EnrollButton({ courseId, slugId, courseName, className }: { courseId: string; slugId: string; courseName: string; className: string }) {
  const t = useTranslations("catalogue.enroll");
  const errorText = useErrorText();
  const router = useRouter();
  const queryClient = useQueryClient();
  const enroll = useMutation({
    mutationFn: () => enrollInCourse(courseId),
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: ["course"] });
      router.push(courseEntryPath(slugId));
    },
    onError: (err) => showToast({ description: errorText(err), variant: "destructive" }),
  });
  return (
    <button type="button" onClick={() => enroll.mutate()} disabled={enroll.isPending} className={className}>
      {enroll.isPending ? t("enrolling") : t("enroll")}
      <span className="sr-only"> {t("course", { course: courseName })}</span>
    </button>
  );
}
