"use client";

import { ArrowDown, ArrowUp, Trash2 } from "lucide-react";
import { useTranslations } from "next-intl";
import { useId, type ReactNode } from "react";
import { PageContent } from "@/components/learning/page-content";

// The pieces every item editor is made of: labelled fields, a Markdown field with the learning
// page's own preview, and the small buttons that move and remove a row.

export const inputClass =
  "w-full rounded-md border border-slate-300 bg-white px-3 py-2 text-sm focus:border-brand-500 focus:outline-none focus:ring-2 focus:ring-brand-500 dark:border-slate-600 dark:bg-surface-dark";
export const labelClass = "block text-sm font-semibold";
export const hintClass = "text-xs text-ink-muted dark:text-ink-dark-muted";
export const sectionClass = "space-y-4 rounded-card bg-white p-6 ring-1 ring-slate-200 dark:bg-surface-dark-muted dark:ring-slate-700 max-mobile:p-4";
export const smallButton =
  "inline-flex items-center gap-1 rounded-md px-2.5 py-1.5 text-sm font-medium ring-1 ring-slate-300 hover:bg-slate-50 disabled:cursor-not-allowed disabled:opacity-50 dark:ring-slate-600 dark:hover:bg-slate-800";

/** A number typed in a field, kept as text while edited: "" is null. */
export const numberOf = (text: string): number | null => (text.trim() === "" ? null : Number(text));
export const textOf = (n: number | null | undefined) => (n === null || n === undefined ? "" : String(n));

export function TextField({ label, value, onChange, hint, type = "text", inputMode, className = "", placeholder }: {
  label: string;
  value: string;
  onChange: (v: string) => void;
  hint?: string;
  type?: "text" | "number";
  inputMode?: "numeric" | "text";
  className?: string;
  placeholder?: string;
}) {
  const id = useId();
  return (
    <div className={`space-y-1 ${className}`}>
      <label htmlFor={id} className={labelClass}>
        {label}
      </label>
      <input
        id={id}
        type={type}
        inputMode={inputMode}
        placeholder={placeholder}
        aria-describedby={hint ? `${id}-hint` : undefined}
        value={value}
        onChange={(e) => onChange(e.target.value)}
        className={inputClass}
      />
      {hint && (
        <p id={`${id}-hint`} className={hintClass}>
          {hint}
        </p>
      )}
    </div>
  );
}

export function NumberField(props: { label: string; value: string; onChange: (v: string) => void; hint?: string; className?: string }) {
  return <TextField {...props} type="number" inputMode="numeric" />;
}

export function CheckboxField({ label, checked, onChange, hint }: { label: string; checked: boolean; onChange: (v: boolean) => void; hint?: string }) {
  return (
    <label className="flex items-start gap-2 text-sm">
      <input type="checkbox" checked={checked} onChange={(e) => onChange(e.target.checked)} className="mt-0.5 h-4 w-4 shrink-0 accent-brand-600" />
      <span>
        <span className="font-semibold">{label}</span>
        {hint && <span className={`block ${hintClass}`}>{hint}</span>}
      </span>
    </label>
  );
}

/** A Markdown field with a live preview drawn by the learning page's own renderer. */
export function MarkdownField({ label, value, onChange, rows = 6, hint }: { label: string; value: string; onChange: (v: string) => void; rows?: number; hint?: string }) {
  const t = useTranslations("studioItems.form");
  const id = useId();
  return (
    <div className="space-y-1">
      <label htmlFor={id} className={labelClass}>
        {label}
      </label>
      <div className="grid gap-3 lg:grid-cols-2">
        <textarea id={id} rows={rows} value={value} onChange={(e) => onChange(e.target.value)} className={`${inputClass} font-mono`} aria-describedby={`${id}-hint`} />
        <div aria-label={t("preview", { label })} role="region" className="min-h-16 overflow-auto rounded-md bg-slate-50 px-3 py-2 text-sm ring-1 ring-slate-200 dark:bg-slate-900/60 dark:ring-slate-700 [&_[data-testid=page-content]]:mt-0">
          {value.trim() ? <PageContent markdown={value} /> : <p className={hintClass}>{t("previewEmpty")}</p>}
        </div>
      </div>
      <p id={`${id}-hint`} className={hintClass}>
        {hint ?? t("markdownHint")}
      </p>
    </div>
  );
}

/** Move up, move down and remove buttons for one row of a list. */
export function RowButtons({ what, index, count, onMove, onRemove, min = 0 }: { what: string; index: number; count: number; onMove: (to: number) => void; onRemove: () => void; min?: number }) {
  const t = useTranslations("studioItems.form");
  return (
    <div className="flex flex-wrap gap-1">
      <button type="button" className={smallButton} disabled={index === 0} onClick={() => onMove(index - 1)} aria-label={t("moveUp", { what })}>
        <ArrowUp aria-hidden className="h-4 w-4" />
      </button>
      <button type="button" className={smallButton} disabled={index === count - 1} onClick={() => onMove(index + 1)} aria-label={t("moveDown", { what })}>
        <ArrowDown aria-hidden className="h-4 w-4" />
      </button>
      <button type="button" className={smallButton} disabled={count <= min} onClick={onRemove} aria-label={t("remove", { what })}>
        <Trash2 aria-hidden className="h-4 w-4" />
      </button>
    </div>
  );
}

/** The list with one element moved from one place to another. */
export function moved<T>(list: T[], from: number, to: number): T[] {
  const next = [...list];
  const [item] = next.splice(from, 1);
  next.splice(to, 0, item!);
  return next;
}

export function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section className={sectionClass} aria-label={title}>
      <h2 className="text-lg font-semibold">{title}</h2>
      {children}
    </section>
  );
}

export function TextAreaField({ label, value, onChange, rows = 3, hint }: { label: string; value: string; onChange: (v: string) => void; rows?: number; hint?: string }) {
  const id = useId();
  return (
    <div className="space-y-1">
      <label htmlFor={id} className={labelClass}>
        {label}
      </label>
      <textarea id={id} rows={rows} value={value} onChange={(e) => onChange(e.target.value)} className={inputClass} aria-describedby={hint ? `${id}-hint` : undefined} />
      {hint && (
        <p id={`${id}-hint`} className={hintClass}>
          {hint}
        </p>
      )}
    </div>
  );
}
