"use client";

import { useTranslations } from "next-intl";
import { useId, useRef, useState, type FormEvent } from "react";
import { useErrorText } from "@/components/i18n/use-error-text";
import { useEvaluateSubmission } from "@/hooks/use-grading-evaluate";
import type { SubmissionDetails } from "@/lib/contract/entities/grading";
import { formatMarks } from "./labels";

const card = "rounded-card bg-white p-6 ring-1 ring-slate-200 max-mobile:p-4 dark:bg-surface-dark-muted dark:ring-slate-700";
const muted = "text-ink-muted dark:text-ink-dark-muted";
const input =
  "w-full rounded-md border border-slate-300 bg-white px-3 py-2 text-sm disabled:cursor-not-allowed disabled:bg-slate-100 disabled:text-ink-muted aria-[invalid=true]:border-danger dark:border-slate-600 dark:bg-surface-dark dark:disabled:bg-slate-800 dark:disabled:text-ink-dark-muted dark:aria-[invalid=true]:border-red-400";
const errorText = "mt-1 text-sm text-danger dark:text-red-300";

type Problem = "empty" | "notNumber" | "negative" | "tooMany" | "half";

/** What the grader typed in a marks box: a number from 0 to the criterion's marks, in whole or half marks; null when it is fine. */
function marksProblem(value: string, max: number): Problem | null {
  if (!value.trim()) return "empty";
  const n = Number(value);
  if (!Number.isFinite(n)) return "notNumber";
  if (n < 0) return "negative";
  if (n > max) return "tooMany";
  if (!Number.isInteger(n * 2)) return "half";
  return null;
}

/**
 * The marks for each criterion of the essay (0 to its marks, with an optional comment) and an overall
 * comment. Saving sends the evaluation; the grader who saved it may correct it by saving again.
 */
export function EvaluationForm({
  details: d,
  disabled,
  onSaved,
}: {
  details: SubmissionDetails;
  disabled: boolean;
  onSaved: (result: SubmissionDetails) => void;
}) {
  const t = useTranslations("grading.form");
  const describeError = useErrorText();
  const formId = useId();
  const given = new Map(d.evaluation?.criteria.map((c) => [c.criterionId, c]) ?? []);
  const [marks, setMarks] = useState<Record<string, string>>(() =>
    Object.fromEntries(d.criteria.map((c) => [c.id, given.has(c.id) ? String(given.get(c.id)!.givenMarks) : ""])),
  );
  const [comments, setComments] = useState<Record<string, string>>(() => Object.fromEntries(d.criteria.map((c) => [c.id, given.get(c.id)?.comment ?? ""])));
  const [overall, setOverall] = useState(d.evaluation?.comment ?? "");
  const [problems, setProblems] = useState<Record<string, string>>({});
  const [failure, setFailure] = useState<string | null>(null);
  const summaryRef = useRef<HTMLDivElement>(null);
  const fieldRefs = useRef<Record<string, HTMLInputElement | null>>({});

  const save = useEvaluateSubmission(d.submissionId, {
    saved: onSaved,
    failed: (e) => {
      setFailure(describeError(e));
      requestAnimationFrame(() => summaryRef.current?.focus());
    },
  });

  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (disabled || save.isPending) return;
    const found: Record<string, string> = {};
    for (const c of d.criteria) {
      const problem = marksProblem(marks[c.id] ?? "", c.marks);
      if (problem) found[c.id] = t(`problem.${problem}`, { max: c.marks });
    }
    setProblems(found);
    setFailure(null);
    const first = d.criteria.find((c) => found[c.id]);
    if (first) {
      requestAnimationFrame(() => fieldRefs.current[first.id]?.focus());
      return;
    }
    save.mutate({
      criteria: d.criteria.map((c) => ({ criterionId: c.id, givenMarks: Number(marks[c.id]), comment: comments[c.id] ?? "" })),
      comment: overall,
    });
  };

  const total = d.criteria.reduce((sum, c) => {
    const n = Number(marks[c.id]);
    return sum + (marks[c.id]?.trim() && Number.isFinite(n) ? n : 0);
  }, 0);
  const problemCount = Object.keys(problems).length;

  return (
    <form aria-labelledby={`${formId}-heading`} noValidate onSubmit={submit} className={card}>
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h2 id={`${formId}-heading`} className="text-lg font-semibold">
          {t("title")}
        </h2>
        <p className="text-sm">{t.rich("total", { total: formatMarks(total), max: d.totalScore, strong: (c) => <strong>{c}</strong> })}</p>
      </div>

      <div ref={summaryRef} tabIndex={-1} aria-live="assertive" className="outline-none">
        {problemCount > 0 && (
          <p role="alert" className="mt-3 rounded-md bg-danger-soft p-3 text-sm text-danger dark:bg-red-950 dark:text-red-100">
            {t("problems", { count: problemCount })}
          </p>
        )}
        {failure && (
          <p role="alert" className="mt-3 rounded-md bg-danger-soft p-3 text-sm text-danger dark:bg-red-950 dark:text-red-100">
            {t("notSaved", { reason: failure })}
          </p>
        )}
      </div>

      <fieldset disabled={disabled} className="mt-4 space-y-5">
        <legend className="sr-only">{t("legend")}</legend>
        {d.criteria.map((c) => {
          const marksId = `${formId}-marks-${c.id}`;
          const problemId = `${marksId}-problem`;
          const descriptionId = `${marksId}-description`;
          return (
            <div key={c.id} className="rounded-md border border-slate-200 p-4 max-mobile:p-3 dark:border-slate-700">
              <h3 className="font-semibold [overflow-wrap:anywhere]">
                {c.gradingCriteria} <span className={`text-sm font-normal ${muted}`}>{t("outOf", { marks: c.marks })}</span>
              </h3>
              {c.description && (
                <p id={descriptionId} className={`mt-1 text-sm [overflow-wrap:anywhere] ${muted}`}>
                  {c.description}
                </p>
              )}
              <div className="mt-3 grid grid-cols-[8rem_1fr] gap-3 max-mobile:grid-cols-1">
                <div>
                  <label htmlFor={marksId} className="block text-sm font-medium">
                    {t.rich("marks", { criterion: c.gradingCriteria, max: c.marks, sr: (x) => <span className="sr-only">{x}</span> })}
                  </label>
                  <input
                    ref={(el) => {
                      fieldRefs.current[c.id] = el;
                    }}
                    id={marksId}
                    type="number"
                    inputMode="decimal"
                    min={0}
                    max={c.marks}
                    step={0.5}
                    required
                    value={marks[c.id] ?? ""}
                    onChange={(e) => {
                      setMarks({ ...marks, [c.id]: e.target.value });
                      if (problems[c.id]) {
                        setProblems((current) => {
                          const next = { ...current };
                          delete next[c.id];
                          return next;
                        });
                      }
                    }}
                    aria-invalid={problems[c.id] ? true : undefined}
                    aria-describedby={[problems[c.id] ? problemId : null, c.description ? descriptionId : null].filter(Boolean).join(" ") || undefined}
                    className={`${input} mt-1`}
                  />
                  {problems[c.id] && (
                    <p id={problemId} className={errorText}>
                      {problems[c.id]}
                    </p>
                  )}
                </div>
                <div>
                  <label htmlFor={`${marksId}-comment`} className="block text-sm font-medium">
                    {t.rich("comment", {
                      criterion: c.gradingCriteria,
                      sr: (x) => <span className="sr-only">{x}</span>,
                      muted: (x) => <span className={`font-normal ${muted}`}>{x}</span>,
                    })}
                  </label>
                  <textarea
                    id={`${marksId}-comment`}
                    rows={2}
                    maxLength={5000}
                    value={comments[c.id] ?? ""}
                    onChange={(e) => setComments({ ...comments, [c.id]: e.target.value })}
                    className={`${input} mt-1`}
                  />
                </div>
              </div>
            </div>
          );
        })}

        <div>
          <label htmlFor={`${formId}-overall`} className="block text-sm font-medium">
            {t.rich("overall", { muted: (x) => <span className={`font-normal ${muted}`}>{x}</span> })}
          </label>
          <textarea
            id={`${formId}-overall`}
            rows={4}
            maxLength={10_000}
            value={overall}
            onChange={(e) => setOverall(e.target.value)}
            className={`${input} mt-1`}
          />
        </div>

        <div className="flex flex-wrap items-center gap-3">
          <button
            type="submit"
            disabled={disabled || save.isPending}
            className="rounded-md bg-brand-600 px-5 py-2 text-sm font-semibold text-white hover:bg-brand-700 disabled:cursor-not-allowed disabled:opacity-60"
          >
            {save.isPending ? t("saving") : d.evaluation ? t("saveCorrection") : t("save")}
          </button>
          {disabled && <p className={`text-sm ${muted}`}>{t("cannotMark")}</p>}
        </div>
      </fieldset>
    </form>
  );
}
