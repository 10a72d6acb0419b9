"use client";

import { Plus } from "lucide-react";
import { useTranslations } from "next-intl";
import { useState } from "react";
import type { OutlineItemBody } from "@/lib/api/studio-content";
import { hintClass, MarkdownField, moved, NumberField, numberOf, RowButtons, Section, smallButton, TextAreaField, TextField, textOf } from "./item-form-parts";
import { ItemSaveBar, type ItemSave, type ItemViewOf } from "./item-save-bar";
import { UploadSlot, uploadIdOf, type UploadValue } from "./item-upload";

let nextKey = 0;
const newCriterion = () => ({ key: ++nextKey, name: "", description: "", marks: "10" });

const formOf = (f: ItemViewOf<"essayBlock">) => ({
  title: f.title,
  question: f.question,
  description: f.description,
  duration: textOf(f.durationInMinutes),
  passMark: textOf(f.passMark),
  minWords: textOf(f.minWords),
  maxWords: textOf(f.maxWords),
  reference: { changed: false, media: f.referenceDocument, url: f.referenceDocumentUrl } as UploadValue,
  solution: { changed: false, media: f.solutionDocument, url: f.solutionDocumentUrl } as UploadValue,
  criteria: f.criteria.map((c) => ({ key: ++nextKey, name: c.name, description: c.description, marks: textOf(c.marks) })),
});
type Form = ReturnType<typeof formOf>;
const contentOf = (f: Form) => JSON.stringify({ ...f, criteria: f.criteria.map((c) => ({ ...c, key: 0 })) });

/** An essay's editor: question, description, documents, timing, pass mark, word limits and the rubric's criteria in order. */
export function EssayBlockEditor({ fields, state }: { fields: ItemViewOf<"essayBlock">; state: ItemSave }) {
  const t = useTranslations("studioItems.essay");
  const tf = useTranslations("studioItems.fields");
  const [initial] = useState(() => formOf(fields));
  const [form, setForm] = useState(initial);
  const set = <K extends keyof Form>(k: K, value: Form[K]) => setForm((f) => ({ ...f, [k]: value }));
  const setCriterion = (i: number, c: Form["criteria"][number]) => set("criteria", form.criteria.map((x, j) => (j === i ? c : x)));
  const dirty = contentOf(form) !== contentOf(initial);
  const total = form.criteria.reduce((sum, c) => sum + (numberOf(c.marks) ?? 0), 0);

  const onSave = () =>
    state.save({
      kind: "essayBlock",
      title: form.title,
      question: form.question,
      description: form.description,
      durationInMinutes: numberOf(form.duration),
      passMark: numberOf(form.passMark),
      minWords: numberOf(form.minWords),
      maxWords: numberOf(form.maxWords),
      referenceDocumentMediaId: uploadIdOf(form.reference),
      solutionDocumentMediaId: uploadIdOf(form.solution),
      criteria: form.criteria.map((c) => ({ name: c.name, description: c.description, marks: numberOf(c.marks) })),
    } as OutlineItemBody["fields"]);

  return (
    <form className="space-y-5" onSubmit={(e) => (e.preventDefault(), onSave())}>
      <Section title={t("section")}>
        <TextField label={tf("title")} value={form.title} onChange={(v) => set("title", v)} />
        <TextAreaField label={t("question")} rows={4} value={form.question} onChange={(v) => set("question", v)} hint={t("questionHint")} />
        <MarkdownField label={tf("description")} rows={5} value={form.description} onChange={(v) => set("description", v)} />
        <div className="grid gap-4 sm:grid-cols-2">
          <div className="space-y-1">
            <UploadSlot kind="document" label={t("reference")} value={form.reference} onChange={(v) => set("reference", v)} />
            <p className={hintClass}>{t("referenceHint")}</p>
          </div>
          <div className="space-y-1">
            <UploadSlot kind="document" label={t("solution")} value={form.solution} onChange={(v) => set("solution", v)} />
            <p className={hintClass}>{t("solutionHint")}</p>
          </div>
        </div>
      </Section>
      <Section title={t("rules")}>
        <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
          <NumberField label={tf("durationMinutes")} value={form.duration} onChange={(v) => set("duration", v)} />
          <NumberField label={tf("passMark")} value={form.passMark} onChange={(v) => set("passMark", v)} hint={t("passMarkHint")} />
          <NumberField label={t("minWords")} value={form.minWords} onChange={(v) => set("minWords", v)} hint={t("minWordsHint")} />
          <NumberField label={t("maxWords")} value={form.maxWords} onChange={(v) => set("maxWords", v)} hint={t("maxWordsHint")} />
        </div>
      </Section>
      <section className="space-y-4" aria-label={t("rubric")}>
        <h2 className="text-lg font-semibold">
          {t("rubric")} <span className={`font-normal ${hintClass}`}>{t("rubricCount", { criteria: form.criteria.length, marks: total })}</span>
        </h2>
        <ol className="space-y-4">
          {form.criteria.map((c, i) => (
            <li key={c.key} aria-label={t("criterion", { number: i + 1 })} className="space-y-3 rounded-card bg-white p-5 ring-1 ring-slate-200 dark:bg-surface-dark-muted dark:ring-slate-700 max-mobile:p-4">
              <div className="flex flex-wrap items-center justify-between gap-2">
                <h3 className="font-semibold">{t("criterion", { number: i + 1 })}</h3>
                <RowButtons
                  what={t("criterionWhat", { number: i + 1 })}
                  index={i}
                  count={form.criteria.length}
                  onMove={(to) => set("criteria", moved(form.criteria, i, to))}
                  onRemove={() => set("criteria", form.criteria.filter((_, j) => j !== i))}
                />
              </div>
              <div className="grid gap-4 sm:grid-cols-[3fr_1fr]">
                <TextField label={t("criterionName", { number: i + 1 })} value={c.name} onChange={(v) => setCriterion(i, { ...c, name: v })} />
                <NumberField label={t("criterionMarks", { number: i + 1 })} value={c.marks} onChange={(v) => setCriterion(i, { ...c, marks: v })} />
              </div>
              <TextAreaField label={t("criterionDescription", { number: i + 1 })} rows={2} value={c.description} onChange={(v) => setCriterion(i, { ...c, description: v })} />
            </li>
          ))}
        </ol>
        {form.criteria.length === 0 && <p className={hintClass}>{t("noCriteria")}</p>}
        <button type="button" className={smallButton} onClick={() => set("criteria", [...form.criteria, newCriterion()])}>
          <Plus aria-hidden className="h-4 w-4" /> {t("addCriterion")}
        </button>
      </section>
      <ItemSaveBar dirty={dirty} state={state} onSave={onSave} />
    </form>
  );
}
