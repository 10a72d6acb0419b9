"use client";

import { useTranslations } from "next-intl";
import { useRef, useState } from "react";
import { uploadEssayFile } from "@/lib/api/challenges";
import { useErrorText } from "@/components/i18n/use-error-text";
import type { EssayAttachment } from "@/lib/contract/entities/shared";
import { muted, secondaryButton } from "./attempt-parts";

export type KnownFile = Pick<EssayAttachment, "url" | "fileName" | "sizeBytes">;

/** Checked again by the server, which reads the type from the content; here only to answer at once. */
const MAX_BYTES = 10 * 1024 * 1024;
const MAX_FILES = 10;
const ACCEPT = ".pdf,.png,.jpg,.jpeg,.txt,.docx,application/pdf,image/png,image/jpeg,text/plain";

export function formatBytes(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${Math.round(bytes / 1024)} KB`;
  return `${(bytes / (1024 * 1024)).toFixed(1)} MB`;
}

interface Upload {
  id: string;
  name: string;
  share: number;
  error: string | null;
  file: File;
}

/** The files attached to an essay: upload with a progress bar, a clear error when refused, remove. */
export function EssayAttachments({
  courseId,
  essayBlockId,
  urls,
  files,
  disabled,
  onUploaded,
  onRemove,
}: {
  courseId: string;
  essayBlockId: string;
  urls: string[];
  files: Record<string, KnownFile>;
  disabled: boolean;
  onUploaded: (file: KnownFile) => void;
  onRemove: (url: string) => void;
}) {
  const t = useTranslations("challenges.attachments");
  const errorText = useErrorText();
  const [uploads, setUploads] = useState<Upload[]>([]);
  const input = useRef<HTMLInputElement>(null);
  const patch = (id: string, change: Partial<Upload>) => setUploads((all) => all.map((u) => (u.id === id ? { ...u, ...change } : u)));

  const send = async (upload: Upload) => {
    patch(upload.id, { share: 0, error: null });
    try {
      const stored = await uploadEssayFile({ courseId, essayBlockId, file: upload.file }, (share) => patch(upload.id, { share }));
      setUploads((all) => all.filter((u) => u.id !== upload.id));
      onUploaded(stored);
    } catch (e) {
      patch(upload.id, { error: errorText(e) });
    }
  };

  const choose = (list: FileList | null) => {
    if (!list) return;
    const room = MAX_FILES - urls.length - uploads.length;
    const picked = [...list].slice(0, Math.max(0, room));
    const added: Upload[] = picked.map((file) => ({
      id: crypto.randomUUID(),
      name: file.name,
      share: 0,
      file,
      error: file.size > MAX_BYTES ? t("tooBig", { name: file.name, size: formatBytes(file.size), max: formatBytes(MAX_BYTES) }) : null,
    }));
    if (list.length > picked.length) {
      added.push({ id: crypto.randomUUID(), name: "", share: 0, file: list[0]!, error: t("tooMany", { max: MAX_FILES }) });
    }
    setUploads((all) => [...all, ...added]);
    for (const u of added) if (!u.error) void send(u);
    if (input.current) input.current.value = "";
  };

  return (
    <div className="mt-4">
      <h2 className="text-sm font-semibold">{t("title")}</h2>
      {urls.length === 0 && uploads.length === 0 && <p className={`mt-1 text-sm ${muted}`}>{t("none")}</p>}
      <ul className="mt-2 space-y-2">
        {urls.map((url) => {
          const f = files[url];
          return (
            <li key={url} className="flex flex-wrap items-center justify-between gap-2 rounded-md border border-slate-200 px-3 py-2 text-sm dark:border-slate-600">
              <a className="min-w-0 wrap-anywhere text-brand-700 underline underline-offset-2 dark:text-brand-300" href={url}>
                {f?.fileName ?? t("attachedFile")}
              </a>
              <span className="flex items-center gap-3">
                {f && <span className={muted}>{formatBytes(f.sizeBytes)}</span>}
                <button type="button" className="text-sm font-medium text-danger underline dark:text-red-300" disabled={disabled} onClick={() => onRemove(url)}>
                  {t("remove")}
                  <span className="sr-only"> {f?.fileName ?? t("file")}</span>
                </button>
              </span>
            </li>
          );
        })}
        {uploads.map((u) => (
          <li key={u.id} className="rounded-md border border-slate-200 px-3 py-2 text-sm dark:border-slate-600">
            {u.error ? (
              <div role="alert" className="flex flex-wrap items-center justify-between gap-2 text-danger dark:text-red-300">
                <span className="min-w-0 break-words">{u.name ? t("notAttached", { name: u.name, error: u.error }) : u.error}</span>
                <span className="flex gap-2">
                  {u.name && u.file.size <= MAX_BYTES && (
                    <button type="button" className="underline" onClick={() => void send(u)}>
                      {t("tryAgain")}
                    </button>
                  )}
                  <button type="button" className="underline" onClick={() => setUploads((all) => all.filter((x) => x.id !== u.id))}>
                    {t("dismiss")}
                  </button>
                </span>
              </div>
            ) : (
              <>
                <span className="wrap-anywhere">{t("uploading", { name: u.name })}</span>
                <div
                  role="progressbar"
                  aria-label={t("uploading", { name: u.name })}
                  aria-valuemin={0}
                  aria-valuemax={100}
                  aria-valuenow={Math.round(u.share * 100)}
                  className="mt-1 h-2 overflow-hidden rounded bg-slate-200 dark:bg-slate-700"
                >
                  <div className="h-full bg-brand-600 transition-[width]" style={{ width: `${Math.round(u.share * 100)}%` }} />
                </div>
              </>
            )}
          </li>
        ))}
      </ul>
      <label className={`${secondaryButton} mt-2 inline-block cursor-pointer ${disabled ? "pointer-events-none opacity-60" : ""}`}>
        {t("attach")}
        <input
          ref={input}
          type="file"
          multiple
          accept={ACCEPT}
          className="sr-only"
          disabled={disabled || urls.length + uploads.length >= MAX_FILES}
          onChange={(e) => choose(e.target.files)}
        />
      </label>
      <p className={`mt-1 text-xs ${muted}`}>{t("help", { max: formatBytes(MAX_BYTES), count: MAX_FILES })}</p>
    </div>
  );
}
