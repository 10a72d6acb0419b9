"use client";

import { useQuery } from "@tanstack/react-query";
import { FileText, X } from "lucide-react";
import { useTranslations } from "next-intl";
import { useState } from "react";
import { studioMediaQueries } from "@/lib/api/studio-media";
import type { StudioMedia } from "@/lib/contract/calls/studio-media";
import type { MediaKind } from "@/lib/contract/media-limits";
import { formatClock } from "@/lib/browser/countdown";
import MediaUpload from "./media-upload";
import { hintClass, smallButton } from "./item-form-parts";

/** An item's upload field: what it holds (the upload's record, or an address), and whether the author changed it. */
export interface UploadValue {
  changed: boolean;
  media: StudioMedia | null;
  url: string | null;
}

/** What a save sends for an optional upload field: left out when unchanged (the server keeps it), null when removed. */
export const uploadIdOf = (v: UploadValue) => (v.changed ? (v.media?.id ?? null) : undefined);

/** Where an uploaded video's processing stands, asked again while it runs: its duration, renditions, or why it failed. */
export function VideoProcessing({ media }: { media: StudioMedia }) {
  const t = useTranslations("studioItems.upload");
  const polled = useQuery({ ...studioMediaQueries.getMedia(media.id), initialData: media });
  const current = polled.data ?? media;
  if (current.state === "ready") {
    return (
      <p role="status" className="text-sm" data-testid="video-processing">
        {t.rich("processed", {
          duration: formatClock(current.durationSeconds ?? 0),
          hasStreams: current.renditions.length > 0 ? "yes" : "no",
          streams: current.renditions.map((h) => `${h}p`).join(` ${t("and")} `),
          strong: (chunks) => <span className="font-semibold tabular-nums">{chunks}</span>,
        })}
      </p>
    );
  }
  if (current.state === "failed") {
    return (
      <p role="status" className="text-sm text-amber-800 dark:text-amber-300" data-testid="video-processing">
        {t("notProcessed", { error: current.error ?? "" })}
      </p>
    );
  }
  return (
    <p role="status" className="text-sm" data-testid="video-processing">
      {t("processing")}
    </p>
  );
}

/**
 * One upload of an item (a video, captions, a document): the file it holds now, a way to remove it,
 * and the upload field to choose another.
 */
export function UploadSlot({ kind, label, value, onChange, removable = true }: { kind: MediaKind; label: string; value: UploadValue; onChange: (v: UploadValue) => void; removable?: boolean }) {
  const t = useTranslations("studioItems.upload");
  // A new upload field after each upload: what was uploaded is shown above it, as the item's file.
  const [round, setRound] = useState(0);
  const name = value.media?.originalName ?? (value.url ? decodeURIComponent(value.url.split("/").pop() ?? value.url) : null);
  return (
    <div className="space-y-2">
      {name && (
        <div className="flex flex-wrap items-center gap-2 rounded-md bg-slate-50 px-3 py-2 ring-1 ring-slate-200 dark:bg-slate-900/60 dark:ring-slate-700">
          <FileText aria-hidden className="h-4 w-4 shrink-0 text-ink-muted dark:text-ink-dark-muted" />
          <a href={value.media?.url ?? value.url ?? undefined} target="_blank" rel="noreferrer" className="min-w-0 flex-1 truncate text-sm font-semibold text-brand-700 underline underline-offset-2 dark:text-brand-300">
            {name}
          </a>
          {value.changed && <span className={hintClass}>{t("notSavedYet")}</span>}
          {removable && (
            <button type="button" className={smallButton} onClick={() => onChange({ changed: true, media: null, url: null })} aria-label={t("removeLabel", { label })}>
              <X aria-hidden className="h-4 w-4" /> {t("remove")}
            </button>
          )}
        </div>
      )}
      {value.media && kind === "video" && <VideoProcessing media={value.media} />}
      <MediaUpload
        key={round}
        kind={kind}
        label={name ? t("replace", { label }) : label}
        onUploaded={(media) => {
          onChange({ changed: true, media, url: media.url });
          setRound((r) => r + 1);
        }}
      />
    </div>
  );
}
