"use client";

import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { Plus, X } from "lucide-react";
import { useTranslations } from "next-intl";
import { useId, useState } from "react";
import { useErrorText } from "@/components/i18n/use-error-text";
import { studioPeopleQueries, updatePersonCareerServices, type CareerServicesRecord } from "@/lib/api/studio-people";
import { showToast } from "@/components/ui/toast-store";
import { inputClass } from "@/components/studio-content/course-settings-fields";

const smallButton = "inline-flex items-center gap-1 rounded-md px-2 py-1 text-sm font-medium ring-1 ring-slate-300 hover:bg-slate-100 dark:ring-slate-600 dark:hover:bg-slate-800";
const card = "space-y-4 rounded-card bg-white p-4 ring-1 ring-slate-200 dark:bg-surface-dark-muted dark:ring-slate-700";
/** A date input's day as an instant (midnight UTC), and back. */
const dayOf = (iso: string) => iso.slice(0, 10);
const isoOf = (day: string) => `${day}T00:00:00Z`;
const today = () => new Date().toISOString().slice(0, 10);

/** A learner's career-services record on their studio page: access, eligibility-test attempts, interviews and offers. */
export function CareerServicesSection({ personId }: { personId: string }) {
  const query = useQuery(studioPeopleQueries.getPersonCareerServices(personId));
  return query.data ? <CareerServicesForm key={query.data.updatedAt ?? "none"} personId={personId} saved={query.data.careerServices} /> : <div aria-hidden className="skeleton h-40" />;
}

function CareerServicesForm({ personId, saved }: { personId: string; saved: CareerServicesRecord }) {
  const t = useTranslations("studioPeople.career");
  const errorText = useErrorText();
  const id = useId();
  const queryClient = useQueryClient();
  const [draft, setDraft] = useState(saved);
  const save = useMutation({
    mutationFn: () => updatePersonCareerServices({ id: personId, careerServices: draft }),
    onSuccess: async () => {
      showToast({ title: t("savedTitle"), description: t("saved") });
      await queryClient.invalidateQueries({ queryKey: studioPeopleQueries.all });
    },
  });
  const set = (patch: Partial<CareerServicesRecord>) => setDraft((d) => ({ ...d, ...patch }));
  const number = (value: string) => Math.max(0, Math.floor(Number(value) || 0));

  return (
    <form
      aria-labelledby={`${id}-title`}
      className={card}
      onSubmit={(e) => {
        e.preventDefault();
        save.mutate();
      }}
    >
      <h2 id={`${id}-title`} className="text-lg font-semibold">
        {t("title")}
      </h2>
      <label className="flex items-center gap-2 text-sm font-medium">
        <input type="checkbox" checked={draft.hasAccess} onChange={(e) => set({ hasAccess: e.target.checked })} />
        {t("hasAccess")}
      </label>

      <fieldset className="space-y-2">
        <legend className="text-sm font-semibold">{t("eligibility")}</legend>
        <label className="block max-w-48 text-sm font-medium">
          {t("attemptsAllowed")}
          <input type="number" min={0} max={100} className={`${inputClass} mt-1`} value={draft.csetAttemptsAllowed} onChange={(e) => set({ csetAttemptsAllowed: number(e.target.value) })} />
        </label>
        <ul aria-label={t("attemptsTaken")} className="space-y-2">
          {draft.csetAttempts.map((attempt, i) => (
            <li key={i} className="flex flex-wrap items-end gap-2">
              <label className="text-sm font-medium">
                {t("attemptOn", { number: i + 1 })}
                <input
                  type="date"
                  required
                  className={`${inputClass} mt-1`}
                  value={dayOf(attempt.takenAt)}
                  onChange={(e) => set({ csetAttempts: draft.csetAttempts.map((a, j) => (j === i ? { ...a, takenAt: isoOf(e.target.value) } : a)) })}
                />
              </label>
              <label className="text-sm font-medium">
                {t("result")}
                <select
                  className={`${inputClass} mt-1`}
                  value={attempt.result}
                  onChange={(e) => set({ csetAttempts: draft.csetAttempts.map((a, j) => (j === i ? { ...a, result: e.target.value as "pass" | "fail" } : a)) })}
                >
                  <option value="fail">{t("fail")}</option>
                  <option value="pass">{t("pass")}</option>
                </select>
              </label>
              <button type="button" className={smallButton} aria-label={t("removeAttempt", { number: i + 1 })} onClick={() => set({ csetAttempts: draft.csetAttempts.filter((_, j) => j !== i) })}>
                <X aria-hidden className="h-4 w-4" />
              </button>
            </li>
          ))}
        </ul>
        <button type="button" className={smallButton} onClick={() => set({ csetAttempts: [...draft.csetAttempts, { takenAt: isoOf(today()), result: "fail" }] })}>
          <Plus aria-hidden className="h-4 w-4" /> {t("addAttempt")}
        </button>
      </fieldset>

      <div className="grid grid-cols-4 gap-3 max-tablet:grid-cols-2">
        {(
          [
            ["mockInterviews", "granted", t("mockGranted")],
            ["mockInterviews", "used", t("mockHeld")],
            ["clientInterviews", "granted", t("clientGranted")],
            ["clientInterviews", "used", t("clientHeld")],
          ] as const
        ).map(([kind, field, label]) => (
          <label key={`${kind}-${field}`} className="text-sm font-medium">
            {label}
            <input
              type="number"
              min={0}
              max={1000}
              className={`${inputClass} mt-1`}
              value={draft[kind][field]}
              onChange={(e) => set({ [kind]: { ...draft[kind], [field]: number(e.target.value) } })}
            />
          </label>
        ))}
      </div>

      <fieldset className="space-y-2">
        <legend className="text-sm font-semibold">{t("offers")}</legend>
        <ul aria-label={t("offers")} className="space-y-2">
          {draft.offers.map((offer, i) => {
            const change = (patch: Partial<typeof offer>) => set({ offers: draft.offers.map((o, j) => (j === i ? { ...o, ...patch } : o)) });
            return (
              <li key={i} className="flex flex-wrap items-end gap-2">
                <label className="text-sm font-medium">
                  {t("company")}
                  <input required className={`${inputClass} mt-1`} value={offer.company} onChange={(e) => change({ company: e.target.value })} />
                </label>
                <label className="text-sm font-medium">
                  {t("role")}
                  <input required className={`${inputClass} mt-1`} value={offer.role} onChange={(e) => change({ role: e.target.value })} />
                </label>
                <label className="text-sm font-medium">
                  {t("receivedOn")}
                  <input type="date" required className={`${inputClass} mt-1`} value={dayOf(offer.receivedAt)} onChange={(e) => change({ receivedAt: isoOf(e.target.value) })} />
                </label>
                <button type="button" className={smallButton} aria-label={t("removeOffer", { number: i + 1 })} onClick={() => set({ offers: draft.offers.filter((_, j) => j !== i) })}>
                  <X aria-hidden className="h-4 w-4" />
                </button>
              </li>
            );
          })}
        </ul>
        <button type="button" className={smallButton} onClick={() => set({ offers: [...draft.offers, { company: "", role: "", receivedAt: isoOf(today()) }] })}>
          <Plus aria-hidden className="h-4 w-4" /> {t("addOffer")}
        </button>
      </fieldset>

      {save.isError && (
        <p role="alert" className="text-sm text-red-700 dark:text-red-300">
          {errorText(save.error)}
        </p>
      )}
      <button type="submit" className="rounded-md bg-brand-600 px-4 py-2 text-sm font-semibold text-white hover:bg-brand-700 disabled:opacity-60" disabled={save.isPending}>
        {save.isPending ? t("saving") : t("save")}
      </button>
    </form>
  );
}
