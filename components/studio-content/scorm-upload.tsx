"use client";

import { Package, Upload, X } from "lucide-react";
import { useTranslations } from "next-intl";
import { useId, useRef, useState } from "react";
import { useErrorText } from "@/components/i18n/use-error-text";
import { inputClass } from "./outline-inline";

const smallPrimary = "inline-flex items-center gap-1 rounded-md bg-brand-600 px-2.5 py-1 text-sm font-semibold text-white hover:bg-brand-700 disabled:opacity-60";
const smallSecondary =
  "inline-flex items-center gap-1 rounded-md px-2.5 py-1 text-sm font-semibold text-ink ring-1 ring-slate-300 hover:bg-slate-100 dark:text-ink-dark dark:ring-slate-600 dark:hover:bg-slate-800";

/**
 * "Add a SCORM package" under a sub-chapter: the author picks a .zip (and may name the item; left
 * empty, the manifest's title is used). The server checks the package; a refusal is shown next to
 * the file field, naming the problem.
 */
export function ScormUploadForm({
  subTitle,
  onUpload,
}: {
  subTitle: string;
  onUpload: (file: File, title: string | undefined, onProgress: (share: number) => void) => Promise<unknown>;
}) {
  const t = useTranslations("studioItems.scorm");
  const errorText = useErrorText();
  const [open, setOpen] = useState(false);
  const [file, setFile] = useState<File | null>(null);
  const [title, setTitle] = useState("");
  const [share, setShare] = useState<number | null>(null);
  const [refusal, setRefusal] = useState<string | null>(null);
  const fileId = useId();
  const errorId = useId();
  const fileRef = useRef<HTMLInputElement>(null);

  const close = () => {
    setOpen(false);
    setFile(null);
    setTitle("");
    setRefusal(null);
  };
  const submit = async () => {
    if (!file || share !== null) return;
    setRefusal(null);
    setShare(0);
    try {
      await onUpload(file, title.trim() || undefined, setShare);
      close();
    } catch (error) {
      setRefusal(errorText(error));
    } finally {
      setShare(null);
    }
  };

  if (!open)
    return (
      <button type="button" onClick={() => setOpen(true)} className={smallSecondary}>
        <Package aria-hidden className="h-4 w-4" />
        {t("add")}
      </button>
    );
  return (
    <form
      className="flex min-w-0 max-w-full flex-col gap-2 rounded-md border border-slate-200 p-2 dark:border-slate-700"
      onSubmit={(e) => {
        e.preventDefault();
        void submit();
      }}
    >
      <div className="flex flex-wrap items-center gap-2">
        <label htmlFor={fileId} className="text-sm font-medium">
          {t("file", { title: subTitle })}
        </label>
        <input
          ref={fileRef}
          id={fileId}
          type="file"
          accept=".zip,application/zip"
          aria-invalid={refusal ? true : undefined}
          aria-describedby={refusal ? errorId : undefined}
          onChange={(e) => {
            setFile(e.target.files?.[0] ?? null);
            setRefusal(null);
          }}
          className="min-w-0 max-w-full text-sm"
        />
      </div>
      <input
        aria-label={t("titleLabel")}
        placeholder={t("titlePlaceholder")}
        value={title}
        maxLength={300}
        onChange={(e) => setTitle(e.target.value)}
        className={inputClass}
      />
      {refusal && (
        <p id={errorId} role="alert" className="text-sm text-red-700 dark:text-red-400">
          {refusal}
        </p>
      )}
      <div className="flex items-center gap-2">
        <button type="submit" disabled={!file || share !== null} className={smallPrimary}>
          <Upload aria-hidden className="h-4 w-4" />
          {share === null ? t("upload") : share < 1 ? t("uploading", { percent: Math.round(share * 100) }) : t("checking")}
        </button>
        <button type="button" onClick={close} disabled={share !== null} className={smallSecondary}>
          <X aria-hidden className="h-4 w-4" />
          {t("cancel")}
        </button>
      </div>
    </form>
  );
}
