"use client";

import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useTranslations } from "next-intl";
import { useReaderFullTime } from "@/hooks/use-reader-time";
import { AppLink } from "@/components/ui/app-link";
import { useState } from "react";
import { useErrorText } from "@/components/i18n/use-error-text";
import { resendInvitation, studioPeopleQueries, updatePerson, type StudioPerson } from "@/lib/api/studio-people";
import { showToast } from "@/components/ui/toast-store";
import { StudioDetailFrame, StudioDetailTitle } from "./studio-detail-frame";
import { inputClass } from "@/components/studio-content/course-settings-fields";
import { dateInputOf, expiryOf, invitationTone, useInvitationText, useValueLabel } from "./labels";
import { batchKeysOf, draftField, PersonChoiceFields } from "./person-fields";
import { CareerServicesSection } from "./career-services-section";
import { PersonDataSection } from "./person-data-section";
import { PersonEnrollments } from "@/components/studio-enrollment/person-enrollments";
import { TimedBlocksSection } from "./timed-blocks-section";

const buttonClass = "rounded-md bg-brand-600 px-4 py-2 text-sm font-semibold text-white hover:bg-brand-700 disabled:opacity-60";
const secondaryClass = "rounded-md px-4 py-2 text-sm font-semibold text-ink ring-1 ring-slate-300 hover:bg-slate-100 disabled:opacity-60 dark:text-ink-dark dark:ring-slate-600 dark:hover:bg-slate-800";

/** /studio/people/{id}: a person's settings, deactivation and invitation, and the latest changes to them. */
export function PersonPage({ id }: { id: string }) {
  const t = useTranslations("studioPeople.person");
  const person = useQuery(studioPeopleQueries.getPerson(id));
  return (
    <StudioDetailFrame back={{ href: "/studio/people", label: t("back") }} query={person} item={person.data?.person}>
      {(read) => <PersonEditor key={JSON.stringify(read)} person={read} />}
    </StudioDetailFrame>
  );
}

function PersonEditor({ person }: { person: StudioPerson }) {
  const t = useTranslations("studioPeople.person");
  const tCommon = useTranslations("common");
  const fullTime = useReaderFullTime();
  const errorText = useErrorText();
  const invitationText = useInvitationText();
  const valueLabel = useValueLabel();
  const queryClient = useQueryClient();
  const [draft, setDraft] = useState({
    name: person.name,
    userKind: person.userKind,
    plan: person.plan,
    role: person.role,
    preferredLanguage: person.preferredLanguage,
    batches: person.batches.join("; "),
    accessExpiry: dateInputOf(person.accessExpiresAt),
  });
  const refresh = () => queryClient.invalidateQueries({ queryKey: studioPeopleQueries.all });
  const save = useMutation({
    mutationFn: (body: Parameters<typeof updatePerson>[0]) => updatePerson(body),
    onSuccess: async ({ person: saved }, body) => {
      showToast({ title: t("savedTitle"), description: body.status ? t("nowStatus", { email: saved.email, status: valueLabel("status", saved.status) }) : t("updated", { email: saved.email }) });
      await refresh();
    },
  });
  const resend = useMutation({
    mutationFn: () => resendInvitation({ id: person.id }),
    onSuccess: async () => {
      showToast({ title: t("resentTitle"), description: t("resent", { email: person.email }) });
      await refresh();
    },
  });
  const audit = useQuery(studioPeopleQueries.listAudit({ target: person.id, limit: 20 }));
  const field = draftField(draft, setDraft);
  const deactivated = person.status === "deactivated";

  return (
    <>
      <div className="flex flex-wrap items-start justify-between gap-4">
        <StudioDetailTitle title={person.name}>
          <p className="wrap-anywhere text-ink-muted dark:text-ink-dark-muted">{person.email}</p>
          <p className="mt-2 flex flex-wrap gap-2 text-sm">
            <span className={`rounded-full px-2.5 py-1 font-semibold ${deactivated ? "bg-red-100 text-red-900 dark:bg-red-900/40 dark:text-red-100" : "bg-green-100 text-green-900 dark:bg-green-900/40 dark:text-green-100"}`}>
              {deactivated ? t("deactivated") : t("active")}
            </span>
            <span className={`rounded-full px-2.5 py-1 font-semibold ${invitationTone(person.invitation)}`}>{invitationText(person.invitation)}</span>
          </p>
        </StudioDetailTitle>
        <div className="flex flex-wrap gap-2">
          <button type="button" className={secondaryClass} disabled={deactivated || resend.isPending} onClick={() => resend.mutate()}>
            {t("resend")}
          </button>
          <button
            type="button"
            className={deactivated ? buttonClass : "rounded-md bg-red-700 px-4 py-2 text-sm font-semibold text-white hover:bg-red-800 disabled:opacity-60"}
            disabled={save.isPending}
            onClick={() => save.mutate({ id: person.id, status: deactivated ? "active" : "deactivated" })}
          >
            {deactivated ? t("reactivate") : t("deactivate")}
          </button>
        </div>
      </div>
      {(save.isError || resend.isError) && (
        <p role="alert" className="text-sm text-red-700 dark:text-red-300">
          {errorText(save.error ?? resend.error)}
        </p>
      )}

      <form
        aria-label={t("settings")}
        className="space-y-4 rounded-card bg-white p-4 ring-1 ring-slate-200 dark:bg-surface-dark-muted dark:ring-slate-700"
        onSubmit={(e) => {
          e.preventDefault();
          save.mutate({
            id: person.id,
            name: draft.name,
            userKind: draft.userKind,
            plan: draft.plan,
            role: draft.role,
            preferredLanguage: draft.preferredLanguage,
            batches: batchKeysOf(draft.batches),
            accessExpiresAt: expiryOf(draft.accessExpiry),
          });
        }}
      >
        <div className="grid grid-cols-2 gap-3 max-mobile:grid-cols-1">
          <label className="text-sm font-medium">
            {t("name")}
            <input required className={`${inputClass} mt-1`} {...field("name")} />
          </label>
          <PersonChoiceFields field={field} />
        </div>
        <button type="submit" className={buttonClass} disabled={save.isPending}>
          {save.isPending ? t("saving") : t("save")}
        </button>
      </form>

      <PersonEnrollments personId={person.id} />

      <TimedBlocksSection personId={person.id} />

      <section aria-labelledby="person-changes" className="space-y-2">
        <div className="flex flex-wrap items-baseline justify-between gap-2">
          <h2 id="person-changes" className="text-lg font-semibold">
            {t("changes")}
          </h2>
          <AppLink href={`/studio/audit?target=${person.id}`} className="text-sm font-medium text-brand-700 hover:underline dark:text-brand-300">
            {t("allChanges")}
          </AppLink>
        </div>
        {audit.data?.entries.length ? (
          <ul className="space-y-1 text-sm">
            {audit.data.entries.map((entry) => (
              <li key={entry.id} className="break-words">
                <time dateTime={entry.at}>
                  {fullTime(entry.at)}
                </time>{" "}
                · {entry.summary} · {entry.actor?.email ?? t("operator")}
              </li>
            ))}
          </ul>
        ) : (
          <p className="text-sm text-ink-muted dark:text-ink-dark-muted">{audit.isPending ? tCommon("loading") : t("noChanges")}</p>
        )}
      </section>

      <CareerServicesSection personId={person.id} />

      <PersonDataSection person={person} />
    </>
  );
}
