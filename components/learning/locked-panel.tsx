"use client";

import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { Lock } from "lucide-react";
import { useRouter } from "next/navigation";
import { enrollInCourse } from "@/lib/api/catalogue";
import { learningQueries, recordPurchaseIntent } from "@/lib/api/learning";
import { errorMessage } from "@/lib/api/errors";
import type { VideoPageData } from "@/lib/contract/entities/learning";
import { showToast } from "@/components/ui/toast-store";

const money = (price: number, currency: string) =>
  new Intl.NumberFormat("en-IN", { style: "currency", currency, maximumFractionDigits: 0 }).format(price);

const day = (iso: string) => new Intl.DateTimeFormat("en-IN", { day: "numeric", month: "short", year: "numeric", timeZone: "UTC" }).format(new Date(iso));

/** Shown instead of the player for a locked video: why, and what the learner can do about it. */
export function LockedPanel({ video }: { video: VideoPageData }) {
  const router = useRouter();
  const queryClient = useQueryClient();
  const mini = useQuery(learningQueries.getCourseOffer({ courseId: video.courseId, currentId: video.id, type: "video" }));
  const enroll = useMutation({
    mutationFn: () => enrollInCourse(video.courseId),
    onSuccess: async (res) => {
      showToast({ description: res.message, variant: "success" });
      await queryClient.invalidateQueries({ queryKey: ["learn"] });
      router.refresh();
    },
    onError: (err) => showToast({ description: errorMessage(err), variant: "destructive" }),
  });
  const interest = useMutation({
    mutationFn: () =>
      recordPurchaseIntent({ id: video.courseId, name: video.courseName, price: mini.data?.price ?? null, pageUrl: window.location.pathname }),
    onSuccess: async (res) => {
      showToast({ description: res.message, variant: "success" });
      await queryClient.invalidateQueries({ queryKey: ["learn", "mini"] });
    },
    onError: (err) => showToast({ description: errorMessage(err), variant: "destructive" }),
  });
  const request = mini.data?.purchaseRequest ?? null;
  const state = video.enrollmentState ?? mini.data?.enrollmentState;
  const price = mini.data?.price;
  const paid = state?.basis === "paid" && price != null;

  return (
    <div role="region" aria-label="Locked video" className="flex aspect-video w-full flex-col items-center justify-center gap-3 rounded-card bg-slate-900 p-6 text-center text-white">
      <Lock aria-hidden className="h-10 w-10" />
      <h2 className="text-lg font-semibold">This video is locked</h2>
      <p className="max-w-md text-sm text-slate-200" data-testid="locked-reason">
        {video.lockedReason === "programOrder"
          ? video.lockedMessage
          : video.lockedReason === "notStarted"
            ? "Your enrollment in this course has not started yet. It opens on the start date of your batch."
            : state?.status === "canEnroll"
              ? `Enroll in “${video.courseName}” to watch this video and track your progress.`
              : state
                ? `${state.note}.`
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
            {enroll.isPending ? "Enrolling…" : "Enroll"}
          </button>
          <span className="text-sm text-slate-200">{state.note}</span>
        </div>
      ) : paid ? (
        <div className="flex flex-wrap items-center justify-center gap-3">
          <span className="text-xl font-bold" data-testid="course-price">
            {money(price, mini.data!.currency)}
          </span>
          {request?.status === "open" ? (
            <span className="rounded-md bg-white/10 px-4 py-2 text-sm" data-testid="purchase-request">
              You asked for this course on {day(request.requestedAt)}. We will contact you.
            </span>
          ) : (
            <button
              type="button"
              onClick={() => interest.mutate()}
              disabled={interest.isPending}
              className="rounded-md bg-white px-4 py-2 font-semibold text-slate-900 disabled:opacity-70"
            >
              {request?.status === "declined" ? "Ask again" : "I want to buy this course"}
            </button>
          )}
          {request?.status === "declined" && (
            <p className="w-full max-w-md text-sm text-slate-200" data-testid="purchase-request">
              Your request of {day(request.requestedAt)} was declined{request.answeredAt ? ` on ${day(request.answeredAt)}` : ""}
              {request.note ? `: “${request.note}”` : "."}
            </p>
          )}
        </div>
      ) : null}
    </div>
  );
}
