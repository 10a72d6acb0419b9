import { useTranslations } from "next-intl";

/** One question of an MCQ block as the learner sees it: no answer key, only the options and how many may be chosen. */
export interface McqQuestionView {
  id: string;
  question: string;
  mark: number;
  maxCorrectOptionsCount: number;
  options: { id: string; value: string }[];
}

/**
 * The options chosen after a press on `optionId`: the one option where one may be chosen; else it is
 * added or taken away, up to `max`. Null when the press changes nothing (a further option past `max`).
 */
export function nextChoice(current: string[], optionId: string, max: number): string[] | null {
  if (max === 1) return [optionId];
  if (current.includes(optionId)) return current.filter((id) => id !== optionId);
  return current.length < max ? [...current, optionId] : null;
}

/** A question of a running attempt: its text, marks, and the options to choose (radio for one, checkboxes for several). */
export function McqQuestion({
  question: q,
  index,
  chosen,
  disabled,
  onChoose,
}: {
  question: McqQuestionView;
  index: number;
  chosen: string[];
  disabled: boolean;
  onChoose: (optionId: string) => void;
}) {
  const t = useTranslations("challenges.mcqQuestion");
  const multiple = q.maxCorrectOptionsCount > 1;
  return (
    <li className="rounded-card bg-white p-5 ring-1 ring-slate-200 dark:bg-surface-dark-muted dark:ring-slate-700 max-mobile:p-4">
      <fieldset>
        <legend className="font-semibold">
          <span className="text-ink-muted dark:text-ink-dark-muted">{index + 1}. </span>
          {q.question}
        </legend>
        <p className="mt-1 text-xs text-ink-muted dark:text-ink-dark-muted">
          {t("meta", { marks: q.mark, multiple: multiple ? "yes" : "no", max: q.maxCorrectOptionsCount })}
        </p>
        <div className="mt-3 space-y-2">
          {q.options.map((o) => {
            const checked = chosen.includes(o.id);
            const full = multiple && !checked && chosen.length >= q.maxCorrectOptionsCount;
            return (
              <label
                key={o.id}
                className={`flex cursor-pointer items-start gap-3 rounded-md border px-3 py-2 ${
                  checked ? "border-brand-500 bg-brand-50 dark:bg-brand-900/40" : "border-slate-200 dark:border-slate-600"
                } ${full ? "cursor-not-allowed opacity-60" : ""}`}
              >
                <input
                  type={multiple ? "checkbox" : "radio"}
                  name={`question-${q.id}`}
                  className="mt-1 h-4 w-4 shrink-0 accent-brand-600"
                  checked={checked}
                  disabled={full || disabled}
                  onChange={() => onChoose(o.id)}
                />
                <span>{o.value}</span>
              </label>
            );
          })}
        </div>
      </fieldset>
    </li>
  );
}
