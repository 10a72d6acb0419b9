"use client";

import { Check, Plus, X } from "lucide-react";
import { useTranslations } from "next-intl";
import { useEffect, useId, useRef, useState, type KeyboardEvent } from "react";
import { ITEM_KINDS, type AddableItemKind } from "./outline-tree";

export const inputClass =
  "min-w-0 flex-1 rounded-md border border-slate-300 bg-white px-2 py-1 text-sm text-ink focus:border-brand-500 dark:border-slate-600 dark:bg-surface-dark dark:text-ink-dark";
export const iconButton =
  "inline-flex h-8 w-8 shrink-0 max-mobile:w-7 items-center justify-center rounded-md text-ink-muted hover:bg-slate-100 hover:text-ink disabled:cursor-not-allowed disabled:opacity-40 disabled:hover:bg-transparent dark:text-ink-dark-muted dark:hover:bg-slate-800 dark:hover:text-ink-dark";
const smallPrimary = "inline-flex items-center gap-1 rounded-md bg-brand-600 px-2.5 py-1 text-sm font-semibold text-white hover:bg-brand-700 disabled:opacity-60";
const smallSecondary =
  "inline-flex items-center gap-1 rounded-md px-2.5 py-1 text-sm font-semibold text-ink ring-1 ring-slate-300 hover:bg-slate-100 dark:text-ink-dark dark:ring-slate-600 dark:hover:bg-slate-800";

/**
 * A title edited in place: Enter saves, Escape cancels; leaving the field saves a changed title. An
 * empty title is not saved.
 */
export function TitleEditor({ initial, label, onSave, onDone }: { initial: string; label: string; onSave: (title: string) => void; onDone: () => void }) {
  const [value, setValue] = useState(initial);
  const finished = useRef(false);
  const ref = useRef<HTMLInputElement>(null);
  useEffect(() => {
    ref.current?.focus();
    ref.current?.select();
  }, []);
  const finish = (save: boolean) => {
    if (finished.current) return;
    finished.current = true;
    const title = value.trim();
    if (save && title && title !== initial) onSave(title);
    onDone();
  };
  const onKeyDown = (e: KeyboardEvent<HTMLInputElement>) => {
    if (e.key === "Enter") {
      e.preventDefault();
      finish(true);
    } else if (e.key === "Escape") {
      e.preventDefault();
      e.stopPropagation();
      finish(false);
    }
  };
  return (
    <input
      ref={ref}
      aria-label={label}
      value={value}
      maxLength={300}
      onChange={(e) => setValue(e.target.value)}
      onKeyDown={onKeyDown}
      onBlur={() => finish(true)}
      className={inputClass}
    />
  );
}

/**
 * "Add a chapter", "Add a sub-chapter", "Add an item": a button that opens a title field (and, for an
 * item, its kind) in place. Enter adds, Escape closes.
 */
export function AddNodeForm({
  label,
  titleLabel,
  withKind = false,
  onAdd,
  prominent = false,
}: {
  label: string;
  titleLabel: string;
  withKind?: boolean;
  onAdd: (title: string, kind: AddableItemKind | null) => Promise<unknown>;
  prominent?: boolean;
}) {
  const t = useTranslations("studioContent");
  const [open, setOpen] = useState(false);
  const [title, setTitle] = useState("");
  const [kind, setKind] = useState<AddableItemKind>("video");
  const [busy, setBusy] = useState(false);
  const kindId = useId();
  const opener = useRef<HTMLButtonElement>(null);
  const titleRef = useRef<HTMLInputElement>(null);
  const reopen = useRef(false);

  useEffect(() => {
    if (open) titleRef.current?.focus();
    else if (reopen.current) opener.current?.focus();
    reopen.current = false;
  }, [open]);

  const close = () => {
    reopen.current = true;
    setOpen(false);
    setTitle("");
  };
  const submit = async () => {
    const text = title.trim();
    if (!text || busy) return;
    setBusy(true);
    try {
      await onAdd(text, withKind ? kind : null);
      setTitle("");
      titleRef.current?.focus();
    } catch {
      // The editor shows what went wrong; the title stays for another try.
    } finally {
      setBusy(false);
    }
  };

  if (!open)
    return (
      <button ref={opener} type="button" onClick={() => setOpen(true)} className={prominent ? smallPrimary : smallSecondary}>
        <Plus aria-hidden className="h-4 w-4" />
        {label}
      </button>
    );
  return (
    <form
      className="flex flex-wrap items-center gap-2"
      onSubmit={(e) => {
        e.preventDefault();
        void submit();
      }}
      onKeyDown={(e) => {
        if (e.key === "Escape") {
          e.preventDefault();
          close();
        }
      }}
    >
      {withKind && (
        <>
          <label htmlFor={kindId} className="sr-only">
            {t("inline.kind")}
          </label>
          <select
            id={kindId}
            value={kind}
            onChange={(e) => setKind(e.target.value as AddableItemKind)}
            className="rounded-md border border-slate-300 bg-white px-2 py-1 text-sm dark:border-slate-600 dark:bg-surface-dark dark:text-ink-dark"
          >
            {ITEM_KINDS.map((k) => (
              <option key={k.kind} value={k.kind}>
                {t(`kinds.${k.kind}`)}
              </option>
            ))}
          </select>
        </>
      )}
      <input ref={titleRef} aria-label={titleLabel} value={title} maxLength={300} onChange={(e) => setTitle(e.target.value)} className={`${inputClass} min-w-40`} />
      <button type="submit" disabled={busy || !title.trim()} className={smallPrimary}>
        <Check aria-hidden className="h-4 w-4" />
        {busy ? t("inline.adding") : t("inline.add")}
      </button>
      <button type="button" onClick={close} className={smallSecondary}>
        <X aria-hidden className="h-4 w-4" />
        {t("inline.cancel")}
      </button>
    </form>
  );
}
