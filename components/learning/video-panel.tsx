"use client";

import { useMutation, useQuery, useQueryClient, useSuspenseQuery } from "@tanstack/react-query";
import { Check, ThumbsDown, ThumbsUp } from "lucide-react";
import dynamic from "next/dynamic";
import { useTranslations } from "next-intl";
import { learningQueries, setVideoLike, markVideoComplete } from "@/lib/api/learning";
import type { CallQuery } from "@/lib/contract/call";
import type { getVideoData } from "@/lib/contract/calls/learning";
import { showToast } from "@/components/ui/toast-store";
import { useErrorText } from "@/components/i18n/use-error-text";
import { LockedPanel } from "./locked-panel";

const MediaPlayer = dynamic(() => import("./media-player"), {
  ssr: false,
  // The same height as the player and its speed row, so nothing below moves when it arrives; the
  // poster behind it shows through (see PlayerPoster).
  loading: () => <PlayerLoading />,
});

function PlayerLoading() {
  const t = useTranslations("learn.video");
  return (
    <div aria-label={t("loadingPlayer")}>
      <div className="aspect-video w-full" />
      <div className="mt-2 h-8" />
    </div>
  );
}

/**
 * What fills the player's place from the first paint until the player's script has arrived: the
 * video's cover, else the course's, over a placeholder. It is in the page's HTML, so the page's largest
 * picture is painted with the page rather than when the player mounts; the player then covers it.
 */
function PlayerPoster({ src }: { src: string | null }) {
  return (
    <div aria-hidden className="absolute inset-x-0 top-0 aspect-video w-full overflow-hidden rounded-card bg-slate-200 dark:bg-slate-800" data-testid="player-poster">
      {/* eslint-disable-next-line @next/next/no-img-element -- a cover from public/ or the course's own address, drawn as it is */}
      {src && <img src={src} alt="" className="h-full w-full object-cover" fetchPriority="high" />}
    </div>
  );
}

const likeButton =
  "inline-flex items-center gap-1.5 rounded-md border border-slate-300 px-3 py-1.5 text-sm hover:bg-slate-100 aria-pressed:border-brand-600 aria-pressed:bg-brand-50 aria-pressed:text-brand-900 dark:border-slate-600 dark:hover:bg-slate-800 dark:aria-pressed:border-brand-400 dark:aria-pressed:bg-brand-900 dark:aria-pressed:text-brand-50";

/** The video of the page: its player (or why it is locked), its title, like and completion controls. */
export function VideoPanel({ query, batchId, courseImage }: { query: CallQuery<typeof getVideoData>; batchId: string | null; courseImage: string | null }) {
  const t = useTranslations("learn.video");
  const errorText = useErrorText();
  const { data: video } = useSuspenseQuery(learningQueries.getVideoData(query));
  const queryClient = useQueryClient();
  const manual = useQuery({ ...learningQueries.getManualCompletion({ batchId: batchId ?? undefined, courseId: video.courseId }), enabled: !video.isClassLocked });
  const like = useQuery({ ...learningQueries.getVideoLike({ videoNodeId: video.id, courseId: video.courseId }), enabled: !video.isClassLocked });

  const toggleLike = useMutation({
    mutationFn: (isLiked: boolean | null) => setVideoLike({ courseId: video.courseId, videoNodeId: video.id, currentId: video.id, isLiked, type: "video" }),
    onSuccess: (status) => queryClient.setQueryData(learningQueries.getVideoLike({ videoNodeId: video.id, courseId: video.courseId }).queryKey, status),
    onError: (err) => showToast({ description: errorText(err), variant: "destructive" }),
  });
  const complete = useMutation({
    mutationFn: () =>
      markVideoComplete({
        courseId: video.courseId,
        videoId: video.id,
        chapterId: video.chapterId,
        subChapterId: video.subChapterId,
        videoProvider: video.videoProvider,
      }),
    onSuccess: async () => {
      showToast({ description: t(video.videoCompletionState === "completed" ? "alreadyComplete" : "markedComplete"), variant: "success" });
      await queryClient.invalidateQueries({ queryKey: ["learn"] });
    },
    onError: (err) => showToast({ description: errorText(err), variant: "destructive" }),
  });

  let player;
  if (video.isClassLocked || !video.videoLink) player = <LockedPanel video={video} />;
  else if (video.videoUnavailableReason) player = <Unavailable message={video.videoUnavailableReason} />;
  else if (video.videoProvider === "vdocipher")
    player = video.vdocipher ? <VdoCipherFrame link={video.vdocipher.embedUrl} title={video.title} /> : <Unavailable message={t("cannotPlay")} />;
  else
    player = (
      <div className="relative">
        <PlayerPoster src={(video.isCoverVideoAvailable && video.coverImage) || courseImage} />
        <div className="relative">
          <MediaPlayer key={video.id} video={video} batchId={batchId} />
        </div>
      </div>
    );

  const liked = like.data?.isLiked ?? null;
  return (
    <section aria-labelledby="video-title">
      {player}
      {/* The controls arrive after the page (likes and manual completion are read by the browser): on
          a narrow screen they have a line of their own, and beside the title they never wrap under
          it, so their arrival moves nothing. */}
      <div className="mt-4 flex items-start justify-between gap-3 max-tablet:flex-col">
        <div className="min-w-0">
          <p className="text-sm text-ink-muted dark:text-ink-dark-muted">{video.parentTitle}</p>
          <h1 id="video-title" className="text-2xl font-bold max-mobile:text-xl">
            {video.title}
          </h1>
        </div>
        {!video.isClassLocked && (
          <div className="flex shrink-0 flex-wrap items-center gap-2">
            <button
              type="button"
              aria-pressed={liked === true}
              onClick={() => toggleLike.mutate(liked === true ? null : true)}
              className={likeButton}
            >
              <ThumbsUp aria-hidden className="h-4 w-4" />
              {t("like")}
              <span className="tabular-nums text-ink-muted dark:text-ink-dark-muted">{like.data?.likeCount ?? 0}</span>
            </button>
            <button
              type="button"
              aria-pressed={liked === false}
              onClick={() => toggleLike.mutate(liked === false ? null : false)}
              className={likeButton}
            >
              <ThumbsDown aria-hidden className="h-4 w-4" />
              {t("dislike")}
            </button>
            {video.videoCompletionState === "completed" ? (
              <span
                className="inline-flex items-center gap-1.5 rounded-md bg-success-soft px-3 py-1.5 text-sm font-medium text-success dark:bg-emerald-950 dark:text-emerald-200"
                data-testid="video-completed"
              >
                <Check aria-hidden className="h-4 w-4" />
                {t("completed")}
              </span>
            ) : (
              manual.data?.enableManualVideoCompletion && (
                <button
                  type="button"
                  onClick={() => complete.mutate()}
                  disabled={complete.isPending}
                  className="rounded-md bg-brand-600 px-3 py-1.5 text-sm font-semibold text-white"
                >
                  {t("markComplete")}
                </button>
              )
            )}
          </div>
        )}
      </div>
    </section>
  );
}

function Unavailable({ message }: { message: string }) {
  return (
    <div role="note" className="flex aspect-video w-full items-center justify-center rounded-card bg-slate-900 p-6 text-center text-white">
      <p className="max-w-md">{message}</p>
    </div>
  );
}

/** VdoCipher plays in its own frame; its address carries the one-time playback credentials. */
function VdoCipherFrame({ link, title }: { link: string; title: string }) {
  return (
    <iframe
      src={link}
      title={title}
      allow="encrypted-media; fullscreen"
      allowFullScreen
      className="aspect-video w-full rounded-card border-0 bg-black"
    />
  );
}
