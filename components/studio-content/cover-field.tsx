"use client";

import { ImageOff } from "lucide-react";
import { useTranslations } from "next-intl";
import MediaUpload from "./media-upload";

/**
 * A cover image (a course's or a program's): an uploaded PNG, JPEG or WebP shown as it will look,
 * or, with none, the colour shown in its place; upload one, or remove it.
 */
export function CoverField({
  value,
  onChange,
  previewAlt,
  previewTestId,
  noCoverNote,
  error,
}: {
  value: string | null;
  onChange: (address: string | null) => void;
  /** The preview's alternative text, e.g. "The course's cover". */
  previewAlt: string;
  previewTestId: string;
  /** Where the colour shows without a cover, e.g. "No cover: the catalogue shows this colour". */
  noCoverNote: string;
  error?: string;
}) {
  const t = useTranslations("studioContent.cover");
  return (
    <fieldset className="space-y-3">
      <legend className="text-sm font-medium">{t("legend")}</legend>
      <div className="flex flex-wrap items-start gap-4">
        <div className="w-full max-w-xs overflow-hidden rounded-card ring-1 ring-slate-200 dark:ring-slate-700">
          {value ? (
            // eslint-disable-next-line @next/next/no-img-element
            <img src={value} alt={previewAlt} data-testid={previewTestId} className="aspect-[16/7] w-full object-cover" />
          ) : (
            <div className="flex aspect-[16/7] w-full flex-col items-center justify-center gap-1 bg-gradient-to-br from-brand-600 to-brand-900 text-sm text-white/90">
              <ImageOff aria-hidden className="h-5 w-5" />
              {noCoverNote}
            </div>
          )}
        </div>
        <div className="min-w-0 flex-1 basis-56 space-y-2">
          <MediaUpload kind="image" label={t("upload")} onUploaded={(media) => onChange(media.url)} />
          {value && (
            <button type="button" onClick={() => onChange(null)} className="rounded-md px-3 py-1.5 text-sm font-semibold ring-1 ring-slate-300 hover:bg-slate-50 dark:ring-slate-600 dark:hover:bg-slate-800">
              {t("remove")}
            </button>
          )}
        </div>
      </div>
      {error && <p className="text-sm text-red-700 dark:text-red-300">{error}</p>}
    </fieldset>
  );
}
