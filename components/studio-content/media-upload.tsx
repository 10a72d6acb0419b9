"use client";

import { useQuery } from "@tanstack/react-query";
import { useTranslations } from "next-intl";
import { useId, useRef, useState } from "react";
import { studioMediaQueries } from "@/lib/api/studio-media";
import { startMediaUpload, type MediaUploadFailure, type MediaUploadHandle } from "@/lib/browser/media-upload";
import type { StudioMedia } from "@/lib/contract/calls/studio-media";
import { extensionOf, MEDIA_LIMITS, sizeInWords, type MediaKind } from "@/lib/contract/media-limits";

interface Props {
  kind: MediaKind;
  /** The field's label, e.g. "Lesson video" or "Captions (WebVTT)". */
  label: string;
  /** Called once the file is stored (a video is then processed; this component shows how that goes). */
  onUploaded: (media: StudioMedia) => void;
  /** What the field takes, in words, when it takes less than the kind's limit (e.g. a company's logo: up to 1 MB). */
  hint?: string;
}

type Phase = { name: "idle" } | { name: "sending"; sent: number; total: number; paused: boolean } | { name: "done"; media: StudioMedia } | { name: "failed"; message: string };

const percentOf = (sent: number, total: number) => (total ? Math.floor((sent / total) * 100) : 0);

/**
 * A file field for the studio: checks the type and size first, then uploads over tus with a progress
 * bar, pause and resume; a dropped connection is retried, and choosing the same file again goes on
 * where it stopped. A video's processing (duration, poster, HLS) is shown as it goes.
 */
export default function MediaUpload({ kind, label, onUploaded, hint }: Props) {
  const t = useTranslations("studioItems.media");
  const inputId = useId();
  const hintId = useId();
  const [phase, setPhase] = useState<Phase>({ name: "idle" });
  const handle = useRef<MediaUploadHandle | null>(null);
  const limit = MEDIA_LIMITS[kind];

  /** Why the upload stopped, in the page's language; the server's own refusal keeps its words. */
  const failureText = (failure: MediaUploadFailure, file: File): string => {
    if (failure.reason === "lost" || failure.reason === "unreadable") return t(failure.reason);
    if (failure.reason === "server") return failure.message;
    const { reason, message } = failure.refusal;
    const values = { name: file.name, kind, limit: t(`limits.${kind}`) };
    if (reason === "type") {
      const ext = extensionOf(file.name);
      return ext ? t("wrongType", { ...values, ext }) : t("noExtension", values);
    }
    if (reason === "empty") return t("empty", values);
    if (reason === "size") return t("tooLarge", { ...values, size: sizeInWords(file.size) });
    return message;
  };

  const choose = (file: File | undefined) => {
    if (!file) return;
    setPhase({ name: "sending", sent: 0, total: file.size, paused: false });
    handle.current = startMediaUpload(file, kind, {
      onProgress: (sent, total) => setPhase((p) => (p.name === "sending" ? { ...p, sent, total } : p)),
      onDone: (media) => {
        setPhase({ name: "done", media });
        onUploaded(media);
      },
      onError: (failure) => setPhase({ name: "failed", message: failureText(failure, file) }),
    });
  };

  const togglePause = () => {
    if (phase.name !== "sending") return;
    if (phase.paused) handle.current?.resume();
    else handle.current?.pause();
    setPhase({ ...phase, paused: !phase.paused });
  };

  return (
    <div className="space-y-2">
      <label htmlFor={inputId} className="block text-sm font-semibold">
        {label}
      </label>
      <input
        id={inputId}
        type="file"
        accept={limit.extensions.map((e) => `.${e}`).join(",")}
        aria-describedby={hintId}
        disabled={phase.name === "sending"}
        onChange={(e) => choose(e.target.files?.[0])}
        className="block text-sm"
      />
      <p id={hintId} className="text-ink-muted dark:text-ink-dark-muted text-xs">
        {hint ?? t(`limits.${kind}`)}
      </p>
      {phase.name === "sending" && (
        <div className="flex items-center gap-3">
          <div
            role="progressbar"
            aria-label={t("uploading", { label })}
            aria-valuemin={0}
            aria-valuemax={100}
            aria-valuenow={percentOf(phase.sent, phase.total)}
            className="h-2 flex-1 overflow-hidden rounded-full bg-slate-200 dark:bg-slate-700"
          >
            <div className="h-full bg-brand transition-[width]" style={{ width: `${percentOf(phase.sent, phase.total)}%` }} />
          </div>
          <span className="w-12 text-right text-sm tabular-nums">{percentOf(phase.sent, phase.total)} %</span>
          <button type="button" onClick={togglePause} className="rounded-md border border-slate-300 px-2 py-1 text-sm dark:border-slate-600">
            {phase.paused ? t("resume") : t("pause")}
          </button>
        </div>
      )}
      {phase.name === "failed" && (
        <p role="alert" className="text-sm text-red-700 dark:text-red-400">
          {phase.message}
        </p>
      )}
      {phase.name === "done" && <UploadedMedia media={phase.media} />}
    </div>
  );
}

/** What became of the upload: stored, and for a video, where its processing stands. */
function UploadedMedia({ media }: { media: StudioMedia }) {
  const t = useTranslations("studioItems.media");
  const upload = useTranslations("studioItems.upload");
  const polled = useQuery({ ...studioMediaQueries.getMedia(media.id), enabled: media.kind === "video", initialData: media });
  const current = polled.data ?? media;
  return (
    <p role="status" className="text-sm">
      {t("uploaded", { name: current.originalName })}{" "}
      {current.kind === "video" &&
        (current.state === "ready"
          ? t("processed", { seconds: String(current.durationSeconds ?? "?"), streams: current.renditions.map((h) => `${h}p`).join(` ${upload("and")} `) })
          : current.state === "failed"
            ? current.error
            : upload("processing"))}
    </p>
  );
}
