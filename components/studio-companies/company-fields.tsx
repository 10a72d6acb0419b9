"use client";

import { buttonClass, panelClass, secondaryClass } from "@/components/studio-people/studio-classes";
import { ImageOff } from "lucide-react";
import { useFormatter, useTranslations } from "next-intl";
import { useId, useState, type Dispatch, type SetStateAction } from "react";
import MediaUpload from "@/components/studio-content/media-upload";
import { inputClass } from "@/components/studio-content/course-settings-fields";
import { COMPANY_BACKGROUND_MAX_BYTES, COMPANY_LOGO_MAX_BYTES, hostPatternProblem } from "@/lib/contract/company-rules";
import type { StudioCompany } from "@/lib/api/studio-companies";

export { buttonClass, panelClass, secondaryClass };

/** What the company forms edit; an image is its address (empty: none). */
export interface CompanyDraft {
  name: string;
  hostPattern: string;
  logoUrl: string;
  logoDarkUrl: string;
  loginBackgroundUrl: string;
}

export const EMPTY_DRAFT: CompanyDraft = { name: "", hostPattern: "", logoUrl: "", logoDarkUrl: "", loginBackgroundUrl: "" };

export const draftOf = (company: StudioCompany): CompanyDraft => ({
  name: company.name,
  hostPattern: company.hostPattern,
  logoUrl: company.logoUrl,
  logoDarkUrl: company.logoDarkUrl ?? "",
  loginBackgroundUrl: company.loginBackgroundUrl ?? "",
});

/** The branding the preview shows for a draft (`unnamed`: the name it shows while the draft has none). */
export const brandingOf = (draft: CompanyDraft, key: string, unnamed: string) => ({
  key: key || "new",
  name: draft.name || unnamed,
  logoUrl: draft.logoUrl || null,
  logoDarkUrl: draft.logoDarkUrl || null,
  loginBackgroundUrl: draft.loginBackgroundUrl || null,
});

/** The host pattern's problem as it is typed (the server says the same, and also checks other companies). */
export const patternHint = (pattern: string) => (pattern.trim() ? hostPatternProblem(pattern.trim()) : null);

type ImageKey = "logoUrl" | "logoDarkUrl" | "loginBackgroundUrl";
/** The three images; each one's words are `studioCompanies.fields.images.{field}`. */
const IMAGES: { field: ImageKey; maxBytes: number; dark?: boolean; optional: boolean }[] = [
  { field: "logoUrl", maxBytes: COMPANY_LOGO_MAX_BYTES, optional: false },
  { field: "logoDarkUrl", maxBytes: COMPANY_LOGO_MAX_BYTES, dark: true, optional: true },
  { field: "loginBackgroundUrl", maxBytes: COMPANY_BACKGROUND_MAX_BYTES, optional: true },
];

/** Name, host pattern and the three images: the fields the new-company form and a company's page share. */
export function CompanyFields({ draft, setDraft }: { draft: CompanyDraft; setDraft: Dispatch<SetStateAction<CompanyDraft>> }) {
  const t = useTranslations("studioCompanies.fields");
  const id = useId();
  const set = <K extends keyof CompanyDraft>(key: K, value: CompanyDraft[K]) => setDraft((d) => ({ ...d, [key]: value }));
  const problem = patternHint(draft.hostPattern);
  return (
    <>
      <label className="text-sm font-medium">
        {t("name")}
        <input required maxLength={200} className={`${inputClass} mt-1`} value={draft.name} onChange={(e) => set("name", e.target.value)} />
      </label>
      <div className="text-sm font-medium">
        <label className="block">
          {t("hostPattern")}
          <input
            required
            maxLength={253}
            spellCheck={false}
            autoCapitalize="none"
            placeholder={t("hostPlaceholder")}
            className={`${inputClass} mt-1 font-mono`}
            value={draft.hostPattern}
            onChange={(e) => set("hostPattern", e.target.value)}
            aria-invalid={problem ? true : undefined}
            aria-describedby={`${id}-host-hint`}
          />
        </label>
        <span id={`${id}-host-hint`} className={`mt-1 block text-xs font-normal ${problem ? "text-red-700 dark:text-red-300" : "text-ink-muted dark:text-ink-dark-muted"}`}>
          {problem ?? t("hostHint")}
        </span>
      </div>
      <div className="col-span-full grid grid-cols-3 gap-4 max-md:grid-cols-1">
        {IMAGES.map((image) => (
          <ImageField key={image.field} {...image} value={draft[image.field]} onChange={(url) => set(image.field, url)} />
        ))}
      </div>
    </>
  );
}

function ImageField({ field, maxBytes, dark, optional, value, onChange }: (typeof IMAGES)[number] & { value: string; onChange: (url: string) => void }) {
  const t = useTranslations("studioCompanies.fields.images");
  const format = useFormatter();
  const [tooLarge, setTooLarge] = useState<string | null>(null);
  return (
    <fieldset className="min-w-0 space-y-2">
      <legend className="text-sm font-semibold">{t(`${field}.label`)}</legend>
      <div className={`flex h-24 items-center justify-center overflow-hidden rounded-card ring-1 ring-slate-200 dark:ring-slate-700 ${dark ? "bg-slate-900" : "bg-slate-50"}`}>
        {value ? (
          // eslint-disable-next-line @next/next/no-img-element
          <img src={value} alt={t(`${field}.alt`)} className="max-h-20 max-w-full object-contain" />
        ) : (
          <span className={`flex items-center gap-1 text-xs ${dark ? "text-slate-300" : "text-slate-600"}`}>
            <ImageOff aria-hidden className="h-4 w-4" /> {t("none")}
          </span>
        )}
      </div>
      <MediaUpload
        kind="image"
        label={t(`${field}.upload`)}
        hint={t(`${field}.hint`)}
        onUploaded={(media) => {
          if (media.sizeBytes > maxBytes) {
            setTooLarge(
              t(`${field}.tooLarge`, {
                file: media.originalName,
                size: format.number(media.sizeBytes / 1048576, { minimumFractionDigits: 1, maximumFractionDigits: 1 }),
                max: maxBytes / 1048576,
              }),
            );
            return;
          }
          setTooLarge(null);
          onChange(media.url);
        }}
      />
      {tooLarge && (
        <p role="alert" className="text-sm text-red-700 dark:text-red-300">
          {tooLarge}
        </p>
      )}
      {optional && value && (
        <button type="button" className={secondaryClass} onClick={() => onChange("")}>
          {t(`${field}.remove`)}
        </button>
      )}
    </fieldset>
  );
}
