"use client";

import { useTranslations } from "next-intl";
import { useEffect, useRef, type ReactNode } from "react";
import { errorCode, errorMessage } from "@/lib/api/errors";
import { COURSE_TYPES, DOMAIN_NAMES, type CourseType, type DomainName } from "@/lib/contract/filters";

// The fields a course's settings share between the new-course form and the settings page, and how a
// refused save's message is placed next to the field it names.

export interface SettingsDraft {
  name: string;
  description: string;
  domain: DomainName;
  courseType: CourseType;
  /** As typed: empty for no price. */
  price: string;
  isPremium: boolean;
}

export type SettingsField = keyof SettingsDraft | "slugId" | "coverImage" | "versionName" | "releaseNotes";

export const inputClass =
  "w-full rounded-md border border-slate-300 bg-white px-3 py-2 text-sm text-ink focus:border-brand-500 focus:ring-2 focus:ring-brand-500 focus:outline-none aria-[invalid=true]:border-red-600 dark:border-slate-600 dark:bg-surface-dark dark:text-ink-dark dark:aria-[invalid=true]:border-red-400";

/** The price as the API takes it: null when left empty. */
export const priceOf = (typed: string): number | null => (typed.trim() === "" ? null : Number(typed));

export interface FieldErrors {
  fields: Partial<Record<SettingsField, string>>;
  /** What names no field of the form. */
  other: string | null;
}

/**
 * A refused save's message, split by the field each part names ("price: must not be negative",
 * "slugId may only hold ..."): the form shows each next to its field. A taken slug id is the slug's.
 * `describe` words a refusal that is not split (the page's useErrorText, in its language).
 */
export function fieldErrorsOf(error: unknown, fields: readonly SettingsField[], describe: (error: unknown) => string = errorMessage): FieldErrors {
  if (errorCode(error) === "slug_taken" && fields.includes("slugId")) return { fields: { slugId: describe(error) }, other: null };
  if (errorCode(error) === "version_name_taken" && fields.includes("versionName")) return { fields: { versionName: describe(error) }, other: null };
  if (errorCode(error) !== "bad_request") return { fields: {}, other: describe(error) };
  const message = errorMessage(error);
  const found: FieldErrors = { fields: {}, other: null };
  for (const part of message.split("; ")) {
    const field = [...fields].sort((a, b) => b.length - a.length).find((f) => part.startsWith(f));
    if (field) found.fields[field] = found.fields[field] ? `${found.fields[field]}; ${part}` : part;
    else found.other = found.other ? `${found.other}; ${part}` : part;
  }
  return found;
}

/** A labelled field with its hint and, when the last save was refused for it, the reason. */
export function Field({ id, label, hint, error, children }: { id: string; label: string; hint?: string; error?: string; children: ReactNode }) {
  return (
    <div className="min-w-0">
      <label htmlFor={id} className="mb-1 block text-sm font-medium">
        {label}
      </label>
      {children}
      {hint && (
        <p id={`${id}-hint`} className="mt-1 text-xs text-ink-muted dark:text-ink-dark-muted">
          {hint}
        </p>
      )}
      {error && (
        <p id={`${id}-error`} className="mt-1 text-sm text-red-700 dark:text-red-300">
          {error}
        </p>
      )}
    </div>
  );
}

/** aria attributes of an input inside `Field`: its hint and error are its description. */
export const describedBy = (id: string, hint: boolean, error: string | undefined) => ({
  "aria-invalid": error ? true : undefined,
  "aria-describedby": [hint ? `${id}-hint` : null, error ? `${id}-error` : null].filter(Boolean).join(" ") || undefined,
});

/** Name, description, domain, type, price and premium: the settings every course has. */
export function SettingsInputs({
  idPrefix,
  value,
  onChange,
  errors,
}: {
  idPrefix: string;
  value: SettingsDraft;
  onChange: (next: SettingsDraft) => void;
  errors: FieldErrors["fields"];
}) {
  const t = useTranslations("studioContent.fields");
  const set = <K extends keyof SettingsDraft>(key: K, v: SettingsDraft[K]) => onChange({ ...value, [key]: v });
  const id = (f: string) => `${idPrefix}-${f}`;
  const complimentary = value.courseType === "complimentary";
  return (
    <>
      <Field id={id("name")} label={t("name")} error={errors.name}>
        <input id={id("name")} value={value.name} onChange={(e) => set("name", e.target.value)} required maxLength={300} className={inputClass} {...describedBy(id("name"), false, errors.name)} />
      </Field>
      <Field id={id("description")} label={t("description")} hint={t("descriptionHint")} error={errors.description}>
        <textarea
          id={id("description")}
          value={value.description}
          onChange={(e) => set("description", e.target.value)}
          rows={3}
          maxLength={10_000}
          className={inputClass}
          {...describedBy(id("description"), true, errors.description)}
        />
      </Field>
      <div className="grid gap-4 tablet:grid-cols-2">
        <Field id={id("domain")} label={t("domain")} error={errors.domain}>
          <select id={id("domain")} value={value.domain} onChange={(e) => set("domain", e.target.value as DomainName)} className={inputClass} {...describedBy(id("domain"), false, errors.domain)}>
            {DOMAIN_NAMES.map((d) => (
              <option key={d} value={d}>
                {d}
              </option>
            ))}
          </select>
        </Field>
        <Field id={id("courseType")} label={t("courseType")} error={errors.courseType}>
          <select
            id={id("courseType")}
            value={value.courseType}
            onChange={(e) => {
              const courseType = e.target.value as CourseType;
              // A complimentary course is free to everyone: it has no price and is not premium-only.
              onChange(courseType === "complimentary" ? { ...value, courseType, price: "", isPremium: false } : { ...value, courseType });
            }}
            className={inputClass}
            {...describedBy(id("courseType"), false, errors.courseType)}
          >
            {COURSE_TYPES.map((type) => (
              <option key={type} value={type}>
                {t(`courseTypes.${type}`)}
              </option>
            ))}
          </select>
        </Field>
        <Field id={id("price")} label={t("price")} hint={complimentary ? t("priceComplimentary") : t("priceHint")} error={errors.price}>
          <input
            id={id("price")}
            type="number"
            inputMode="decimal"
            min={0}
            step="0.01"
            value={value.price}
            disabled={complimentary}
            onChange={(e) => set("price", e.target.value)}
            className={`${inputClass} disabled:opacity-60`}
            {...describedBy(id("price"), true, errors.price)}
          />
        </Field>
        <div className="flex items-start gap-2 self-center pt-2 tablet:pt-6">
          <input
            id={id("isPremium")}
            type="checkbox"
            checked={value.isPremium}
            disabled={complimentary}
            onChange={(e) => set("isPremium", e.target.checked)}
            className="mt-0.5 h-4 w-4 shrink-0 accent-brand-600"
            {...describedBy(id("isPremium"), false, errors.isPremium)}
          />
          <div>
            <label htmlFor={id("isPremium")} className="text-sm font-medium">
              {t("premium")}
            </label>
            {errors.isPremium && (
              <p id={`${id("isPremium")}-error`} className="mt-1 text-sm text-red-700 dark:text-red-300">
                {errors.isPremium}
              </p>
            )}
          </div>
        </div>
      </div>
    </>
  );
}

/** A notice that appears after a save further down the page (a refusal): brought into view as it appears. */
export function InView({ children }: { children: ReactNode }) {
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => {
    ref.current?.scrollIntoView({ block: "nearest" });
    // An explicit cleanup: Chromium's scrollIntoView now answers a promise, and the minifier turns a
    // one-call body into an arrow that returns it, which React would then call as the cleanup.
    return () => undefined;
  }, []);
  return (
    <div ref={ref} className="scroll-mt-24">
      {children}
    </div>
  );
}
