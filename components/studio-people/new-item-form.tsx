"use client";

import { Plus, X } from "lucide-react";
import { useTranslations } from "next-intl";
import { useId, type ReactNode } from "react";
import { inputClass } from "@/components/studio-content/course-settings-fields";
import { buttonClass, panelClass } from "./studio-classes";

/** A list page's "New …" form: a panel named by its title, closed by its close button, sent by its submit button. */
export function NewItemForm({ title, onClose, onSubmit, children }: { title: string; onClose: () => void; onSubmit: () => void; children: ReactNode }) {
  const t = useTranslations("studio.form");
  const id = useId();
  return (
    <form
      aria-labelledby={`${id}-title`}
      className={`${panelClass} space-y-4`}
      onSubmit={(e) => {
        e.preventDefault();
        onSubmit();
      }}
    >
      <div className="flex items-center justify-between">
        <h2 id={`${id}-title`} className="text-lg font-semibold">
          {title}
        </h2>
        <button type="button" onClick={onClose} aria-label={t("close")} className="rounded-md p-1 hover:bg-slate-100 dark:hover:bg-slate-800">
          <X aria-hidden className="h-4 w-4" />
        </button>
      </div>
      {children}
    </form>
  );
}

/** The key a new batch, program or company is made with (a content key), and where it is used: it cannot change later. */
export function KeyField({ value, onChange, usedIn }: { value: string; onChange: (key: string) => void; usedIn: string }) {
  const t = useTranslations("studio.form");
  const id = useId();
  return (
    <div className="text-sm font-medium">
      <label className="block">
        {t("key")}
        <input
          required
          maxLength={100}
          pattern="[A-Za-z0-9][A-Za-z0-9_\-]*"
          title={t("keyPattern")}
          className={`${inputClass} mt-1 font-mono`}
          value={value}
          onChange={(e) => onChange(e.target.value)}
          aria-describedby={`${id}-hint`}
        />
      </label>
      <span id={`${id}-hint`} className="mt-1 block text-xs font-normal text-ink-muted dark:text-ink-dark-muted">
        {t("keyHint", { usedIn })}
      </span>
    </div>
  );
}

/** A list page's "New …" button: opens the page's New-item form, and closes it again. */
export function NewItemButton({ label, open, onToggle }: { label: string; open: boolean; onToggle: () => void }) {
  return (
    <button type="button" className={buttonClass} onClick={onToggle} aria-expanded={open}>
      <Plus aria-hidden className="h-4 w-4" /> {label}
    </button>
  );
}
