"use client";

import { Eye, Pencil, Plus } from "lucide-react";
import { useTranslations } from "next-intl";
import { useState } from "react";
import type { OutlineItemBody } from "@/lib/api/studio-content";
import { McqQuestion } from "@/components/challenges/mcq-question";
import { CheckboxField, hintClass, inputClass, MarkdownField, moved, NumberField, numberOf, RowButtons, Section, smallButton, TextField, textOf } from "./item-form-parts";
import { ItemSaveBar, type ItemSave, type ItemViewOf } from "./item-save-bar";

interface QuestionForm {
  key: number;
  question: string;
  mark: string;
  options: { key: number; value: string; correct: boolean }[];
}

let nextKey = 0;
const key = () => ++nextKey;
const newOption = () => ({ key: key(), value: "", correct: false });
const newQuestion = (): QuestionForm => ({ key: key(), question: "", mark: "1", options: [newOption(), newOption()] });

const formOf = (f: ItemViewOf<"mcqBlock">) => ({
  title: f.title,
  duration: textOf(f.durationInMinutes),
  passMark: textOf(f.passMark),
  unlimited: f.attemptsAllowed === null,
  attempts: textOf(f.attemptsAllowed ?? 1),
  questions: f.questions.map((q): QuestionForm => ({ key: key(), question: q.question, mark: textOf(q.mark), options: q.options.map((o) => ({ key: key(), ...o })) })),
});
type Form = ReturnType<typeof formOf>;
/** The form without the keys React lists by: what tells whether anything changed. */
const contentOf = (f: Form) => JSON.stringify({ ...f, questions: f.questions.map((q) => ({ ...q, key: 0, options: q.options.map((o) => ({ ...o, key: 0 })) })) });

/** An MCQ block's editor: timing, pass mark, attempts and the questions with their key; and a preview as the learner sees it, without the key. */
export function McqBlockEditor({ fields, state }: { fields: ItemViewOf<"mcqBlock">; state: ItemSave }) {
  const t = useTranslations("studioItems.mcq");
  const tf = useTranslations("studioItems.fields");
  const [initial] = useState(() => formOf(fields));
  const [form, setForm] = useState(initial);
  const [preview, setPreview] = useState(false);
  const set = <K extends keyof Form>(k: K, value: Form[K]) => setForm((f) => ({ ...f, [k]: value }));
  const setQuestion = (i: number, q: QuestionForm) => set("questions", form.questions.map((x, j) => (j === i ? q : x)));
  const dirty = contentOf(form) !== contentOf(initial);

  const onSave = () =>
    state.save({
      kind: "mcqBlock",
      title: form.title,
      durationInMinutes: numberOf(form.duration),
      passMark: numberOf(form.passMark),
      attemptsAllowed: form.unlimited ? null : numberOf(form.attempts),
      questions: form.questions.map((q) => ({ question: q.question, mark: numberOf(q.mark), options: q.options.map(({ value, correct }) => ({ value, correct })) })),
    } as OutlineItemBody["fields"]);

  return (
    <form className="space-y-5" onSubmit={(e) => (e.preventDefault(), onSave())}>
      <Section title={t("section")}>
        <TextField label={tf("title")} value={form.title} onChange={(v) => set("title", v)} />
        <div className="grid gap-4 sm:grid-cols-3">
          <NumberField label={tf("durationMinutes")} value={form.duration} onChange={(v) => set("duration", v)} />
          <NumberField label={tf("passMark")} value={form.passMark} onChange={(v) => set("passMark", v)} hint={t("passMarkHint")} />
          <div className="space-y-2">
            <NumberField label={t("attempts")} value={form.unlimited ? "" : form.attempts} onChange={(v) => setForm((f) => ({ ...f, attempts: v, unlimited: false }))} hint={t("attemptsHint")} />
            <CheckboxField label={t("unlimited")} checked={form.unlimited} onChange={(v) => set("unlimited", v)} />
          </div>
        </div>
      </Section>
      <section className="space-y-4" aria-label={t("questions")}>
        <div className="flex flex-wrap items-center justify-between gap-2">
          <h2 className="text-lg font-semibold">
            {t("questions")} <span className={`font-normal ${hintClass}`}>({form.questions.length})</span>
          </h2>
          <button type="button" className={smallButton} aria-pressed={preview} onClick={() => setPreview(!preview)}>
            {preview ? <Pencil aria-hidden className="h-4 w-4" /> : <Eye aria-hidden className="h-4 w-4" />}
            {preview ? t("backToEditing") : t("preview")}
          </button>
        </div>
        {preview ? (
          <LearnerPreview questions={form.questions} />
        ) : (
          <>
            <ol className="space-y-4">
              {form.questions.map((q, i) => (
                <QuestionEditor
                  key={q.key}
                  index={i}
                  count={form.questions.length}
                  question={q}
                  onChange={(next) => setQuestion(i, next)}
                  onMove={(to) => set("questions", moved(form.questions, i, to))}
                  onRemove={() => set("questions", form.questions.filter((_, j) => j !== i))}
                />
              ))}
            </ol>
            {form.questions.length === 0 && <p className={hintClass}>{t("noQuestions")}</p>}
            <button type="button" className={smallButton} onClick={() => set("questions", [...form.questions, newQuestion()])}>
              <Plus aria-hidden className="h-4 w-4" /> {t("addQuestion")}
            </button>
          </>
        )}
      </section>
      <ItemSaveBar dirty={dirty} state={state} onSave={onSave} />
    </form>
  );
}

function QuestionEditor({ index, count, question: q, onChange, onMove, onRemove }: { index: number; count: number; question: QuestionForm; onChange: (q: QuestionForm) => void; onMove: (to: number) => void; onRemove: () => void }) {
  const setOption = (i: number, o: QuestionForm["options"][number]) => onChange({ ...q, options: q.options.map((x, j) => (j === i ? o : x)) });
  const t = useTranslations("studioItems.mcq");
  const what = t("questionWhat", { number: index + 1 });
  return (
    <li className="space-y-4 rounded-card bg-white p-5 ring-1 ring-slate-200 dark:bg-surface-dark-muted dark:ring-slate-700 max-mobile:p-4" aria-label={t("question", { number: index + 1 })}>
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h3 className="font-semibold">{t("question", { number: index + 1 })}</h3>
        <RowButtons what={what} index={index} count={count} onMove={onMove} onRemove={onRemove} />
      </div>
      <MarkdownField label={t("questionText", { number: index + 1 })} rows={3} value={q.question} onChange={(v) => onChange({ ...q, question: v })} />
      <NumberField label={t("marks")} value={q.mark} onChange={(v) => onChange({ ...q, mark: v })} className="max-w-40" />
      <fieldset className="space-y-2">
        <legend className="text-sm font-semibold">{t("options")}</legend>
        <p className={hintClass}>{t("optionsHint")}</p>
        <ul className="space-y-2">
          {q.options.map((o, i) => (
            <li key={o.key} className="flex flex-wrap items-center gap-2 max-sm:rounded-md max-sm:p-2 max-sm:ring-1 max-sm:ring-slate-200 max-sm:dark:ring-slate-700">
              <label className="flex items-center gap-1.5 text-sm">
                <input type="checkbox" checked={o.correct} onChange={(e) => setOption(i, { ...o, correct: e.target.checked })} className="h-4 w-4 accent-brand-600" aria-label={t("optionCorrect", { number: i + 1, what })} />
                {t("correct")}
              </label>
              <input
                value={o.value}
                onChange={(e) => setOption(i, { ...o, value: e.target.value })}
                aria-label={t("option", { number: i + 1, what })}
                className={`${inputClass} min-w-0 flex-1 basis-48`}
              />
              <RowButtons
                what={t("optionWhat", { number: i + 1, what })}
                index={i}
                count={q.options.length}
                min={2}
                onMove={(to) => onChange({ ...q, options: moved(q.options, i, to) })}
                onRemove={() => onChange({ ...q, options: q.options.filter((_, j) => j !== i) })}
              />
            </li>
          ))}
        </ul>
        <button type="button" className={smallButton} disabled={q.options.length >= 20} onClick={() => onChange({ ...q, options: [...q.options, newOption()] })}>
          <Plus aria-hidden className="h-4 w-4" /> {t("addOption")}
        </button>
      </fieldset>
    </li>
  );
}

/** The questions drawn by the learner's own MCQ component, from what a learner receives: no key, only how many options to choose. */
function LearnerPreview({ questions }: { questions: QuestionForm[] }) {
  const t = useTranslations("studioItems.mcq");
  const [chosen, setChosen] = useState<Record<string, string[]>>({});
  const views = questions.map((q) => ({
    id: String(q.key),
    question: q.question,
    mark: numberOf(q.mark) ?? 0,
    maxCorrectOptionsCount: Math.max(1, q.options.filter((o) => o.correct).length),
    options: q.options.map((o) => ({ id: String(o.key), value: o.value })),
  }));
  const choose = (q: (typeof views)[number], optionId: string) => {
    const mine = chosen[q.id] ?? [];
    const next = q.maxCorrectOptionsCount === 1 ? [optionId] : mine.includes(optionId) ? mine.filter((id) => id !== optionId) : [...mine, optionId];
    setChosen({ ...chosen, [q.id]: next });
  };
  if (views.length === 0) return <p className={hintClass}>{t("nothingToPreview")}</p>;
  return (
    <div data-testid="learner-preview" className="space-y-3">
      <p className={hintClass}>{t("previewNote")}</p>
      <ol className="space-y-4">
        {views.map((q, i) => (
          <McqQuestion key={q.id} question={q} index={i} chosen={chosen[q.id] ?? []} disabled={false} onChoose={(id) => choose(q, id)} />
        ))}
      </ol>
    </div>
  );
}
