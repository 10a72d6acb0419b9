"use client";

import { useEnrollmentNote } from "@/components/i18n/use-enrollment-note";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { Lock } from "lucide-react";
import { useLocale, useTranslations } from "next-intl";
import { useRouter } from "next/navigation";
import { enrollInCourse } from "@/lib/api/catalogue";
import { learningQueries, recordPurchaseIntent } from "@/lib/api/learning";
import type { VideoPageData } from "@/lib/contract/entities/learning";
import { showToast } from "@/components/ui/toast-store";
import { useErrorText } from "@/components/i18n/use-error-text";

/** Prices and dates as they are written in India, in the page's language ("en-IN", "hi-IN"...). */
const money = (locale: string, price: number, currency: string) =>
  new Intl.NumberFormat(`${locale}-IN`, { style: "currency", currency, maximumFractionDigits: 0 }).format(price);

const day = (locale: string, iso: string) =>
  new Intl.DateTimeFormat(`${locale}-IN`, { day: "numeric", month: "short", year: "numeric", timeZone: "UTC" }).format(new Date(iso));

/** Shown instead of the player for a locked video: why, and what the learner can do about it. */
export function LockedPanel({ video }: { video: VideoPageData }) {
  const t = useTranslations("learn.locked");
  const locale = useLocale();
  const errorText = useErrorText();
  const router = useRouter();
  const queryClient = useQueryClient();
  const mini = useQuery(learningQueries.getCourseOffer({ courseId: video.courseId, currentId: video.id, type: "video" }));
  const state = video.enrollmentState ?? mini.data?.enrollmentState;
  const enrollmentNote = useEnrollmentNote();
  const enroll = useMutation({
    mutationFn: () => enrollInCourse(video.courseId),
    onSuccess: async () => {
      showToast({ description: t("enrolledToast", { course: video.courseName }), variant: "success" });
      await queryClient.invalidateQueries({ queryKey: ["learn"] });
      router.refresh();
    },
    onError: (err) => showToast({ description: errorText(err), variant: "destructive" }),
  });
  const interest = useMutation({
    mutationFn: () =>
      recordPurchaseIntent({ id: video.courseId, name: video.courseName, price: mini.data?.price ?? null, pageUrl: window.location.pathname }),
    onSuccess: async () => {
      // The same two answers the API words: a learner who can open the course already is told so.
      const enrolled = state !== undefined && state.status !== "canEnroll" && state.status !== "cannotEnroll";
      showToast({ description: t(enrolled ? "interestAlready" : "interestThanks", { course: video.courseName }), variant: "success" });
      await queryClient.invalidateQueries({ queryKey: ["learn", "mini"] });
    },
    onError: (err) => showToast({ description: errorText(err), variant: "destructive" }),
  });
  const request = mini.data?.purchaseRequest ?? null;
  const price = mini.data?.price;
  const paid = state?.basis === "paid" && price != null;

  return (
    <div role="region" aria-label={t("label")} className="flex aspect-video w-full flex-col items-center justify-center gap-3 rounded-card bg-slate-900 p-6 text-center text-white">
      <Lock aria-hidden className="h-10 w-10" />
      <h2 className="text-lg font-semibold">{t("title")}</h2>
      <p className="max-w-md text-sm text-slate-200" data-testid="locked-reason">
        {video.lockedReason === "programOrder"
          ? video.lockedMessage
          : video.lockedReason === "notStarted"
            ? t("notStarted")
            : state?.status === "canEnroll"
              ? t("canEnroll", { course: video.courseName })
              : state
                ? `${enrollmentNote(state)}.`
                : null}
      </p>
      {state?.status === "canEnroll" ? (
        <div className="flex flex-col items-center gap-1">
          <button
            type="button"
            onClick={() => enroll.mutate()}
            disabled={enroll.isPending}
            className="rounded-md bg-brand-600 px-4 py-2 font-semibold text-white hover:bg-brand-700 disabled:opacity-70"
          >
            {enroll.isPending ? t("enrolling") : t("enroll")}
          </button>
          <span className="text-sm text-slate-200">{enrollmentNote(state)}</span>
        </div>
      ) : paid ? (
        <div className="flex flex-wrap items-center justify-center gap-3">
          <span className="text-xl font-bold" data-testid="course-price">
            {money(locale, price, mini.data!.currency)}
          </span>
          {request?.status === "open" ? (
            <span className="rounded-md bg-white/10 px-4 py-2 text-sm" data-testid="purchase-request">
              {t("requested", { date: day(locale, request.requestedAt) })}
            </span>
          ) : (
            <button
              type="button"
              onClick={() => interest.mutate()}
              disabled={interest.isPending}
              className="rounded-md bg-white px-4 py-2 font-semibold text-slate-900 disabled:opacity-70"
            >
              {request?.status === "declined" ? t("askAgain") : t("buy")}
            </button>
          )}
          {request?.status === "declined" && (
            <p className="w-full max-w-md text-sm text-slate-200" data-testid="purchase-request">
              {t("declined", {
                date: day(locale, request.requestedAt),
                answered: request.answeredAt ? "yes" : "no",
                answeredAt: request.answeredAt ? day(locale, request.answeredAt) : "",
                noted: request.note ? "yes" : "no",
                note: request.note ?? "",
              })}
            </p>
          )}
        </div>
      ) : null}
    </div>
  );
}
