"use client";

import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { Ban } from "lucide-react";
import { useTranslations } from "next-intl";
import { useReaderDateTime } from "@/hooks/use-reader-time";
import { useId, useState } from "react";
import { showToast } from "@/components/ui/toast-store";
import { StudioDetailFrame, StudioDetailTitle } from "@/components/studio-people/studio-detail-frame";
import { useErrorText } from "@/components/i18n/use-error-text";
import { cancelSession, studioSessionsQueries, updateSession, type SessionRegistrant, type StudioSession } from "@/lib/api/studio-sessions";
import { bodyOf, buttonClass, draftOf, panelClass, secondaryClass, SessionFields, useSessionWhen, type SessionDraft } from "./session-fields";
import { SessionState } from "./sessions-page";

/** /studio/sessions/{id}: a session's settings, cancelling it, and who registered. */
export function SessionPage({ id }: { id: string }) {
  const t = useTranslations("studioSessions.page");
  const sessionWhen = useSessionWhen();
  const when = useReaderDateTime();
  const query = useQuery(studioSessionsQueries.getSession(id));
  return (
    <StudioDetailFrame back={{ href: "/studio/sessions", label: t("back") }} query={query} item={query.data?.session && query.data}>
      {({ session, registrants }) => (
        <>
          <StudioDetailTitle title={session.title} badge={<SessionState session={session} />}>
            <p className="text-ink-muted dark:text-ink-dark-muted">{sessionWhen(session)}</p>
            <p className="text-sm text-ink-muted dark:text-ink-dark-muted">
              {t(session.studioEditedAt ? "revision" : "revisionImported", { course: session.course?.name ?? t("openToAll"), sequence: session.sequence })}
            </p>
          </StudioDetailTitle>
          {session.cancelledAt ? (
            <p role="status" className={`${panelClass} text-sm`}>
              {t("cancelledOn", { date: when(session.cancelledAt) })}
            </p>
          ) : (
            <>
              <SessionSettings key={JSON.stringify(session)} session={session} />
              <CancelSession session={session} />
            </>
          )}
          <Registrants registrants={registrants} />
        </>
      )}
    </StudioDetailFrame>
  );
}

function SessionSettings({ session }: { session: StudioSession }) {
  const t = useTranslations("studioSessions.page.settings");
  const errorText = useErrorText();
  const id = useId();
  const queryClient = useQueryClient();
  const [draft, setDraft] = useState<SessionDraft>(draftOf(session));
  const save = useMutation({
    mutationFn: () => updateSession({ id: session.id, ...bodyOf(draft) }),
    onSuccess: async ({ session: saved, notified }) => {
      showToast({
        title: t("savedTitle"),
        description: notified ? t("savedNotified", { count: notified, sequence: saved.sequence }) : t("savedText", { title: saved.title }),
      });
      await queryClient.invalidateQueries({ queryKey: studioSessionsQueries.all });
    },
  });
  return (
    <form
      aria-label={t("label")}
      className={`${panelClass} space-y-4`}
      onSubmit={(e) => {
        e.preventDefault();
        save.mutate();
      }}
    >
      <SessionFields idPrefix={id} draft={draft} setDraft={setDraft} />
      <p className="text-xs text-ink-muted dark:text-ink-dark-muted">{t("changeNote")}</p>
      {save.isError && (
        <p role="alert" className="text-sm text-red-700 dark:text-red-300">
          {errorText(save.error)}
        </p>
      )}
      <button type="submit" className={buttonClass} disabled={save.isPending}>
        {save.isPending ? t("saving") : t("save")}
      </button>
    </form>
  );
}

function CancelSession({ session }: { session: StudioSession }) {
  const t = useTranslations("studioSessions.page.cancel");
  const errorText = useErrorText();
  const queryClient = useQueryClient();
  const [asking, setAsking] = useState(false);
  const cancel = useMutation({
    mutationFn: () => cancelSession({ id: session.id }),
    onSuccess: async ({ notified }) => {
      showToast({ title: t("doneTitle"), description: notified ? t("doneNotified", { count: notified }) : t("doneNobody") });
      await queryClient.invalidateQueries({ queryKey: studioSessionsQueries.all });
    },
  });
  return (
    <section aria-labelledby="cancel-session" className={`${panelClass} space-y-3`}>
      <h2 id="cancel-session" className="text-lg font-semibold">
        {t("title")}
      </h2>
      <p className="text-sm text-ink-muted dark:text-ink-dark-muted">
        {t("explanation", { count: session.registrantCount })}
      </p>
      {asking ? (
        <div className="flex flex-wrap gap-2">
          <button type="button" className={`${buttonClass} bg-red-700 hover:bg-red-800`} disabled={cancel.isPending} onClick={() => cancel.mutate()}>
            <Ban aria-hidden className="h-4 w-4" /> {cancel.isPending ? t("cancelling") : t("confirm")}
          </button>
          <button type="button" className={secondaryClass} onClick={() => setAsking(false)}>
            {t("keep")}
          </button>
        </div>
      ) : (
        <button type="button" className={secondaryClass} onClick={() => setAsking(true)}>
          <Ban aria-hidden className="h-4 w-4" /> {t("open")}
        </button>
      )}
      {cancel.isError && (
        <p role="alert" className="text-sm text-red-700 dark:text-red-300">
          {errorText(cancel.error)}
        </p>
      )}
    </section>
  );
}

function Registrants({ registrants }: { registrants: SessionRegistrant[] }) {
  const t = useTranslations("studioSessions.page.registrants");
  const when = useReaderDateTime();
  return (
    <section aria-labelledby="session-registrants" className="space-y-3">
      <h2 id="session-registrants" className="text-lg font-semibold">
        {t("title", { count: registrants.length })}
      </h2>
      {registrants.length === 0 ? (
        <p className={`${panelClass} text-center`}>{t("none")}</p>
      ) : (
        <div className="overflow-x-auto rounded-card ring-1 ring-slate-200 dark:ring-slate-700" tabIndex={0} role="region" aria-label={t("region")}>
          <table className="w-full bg-white text-left text-sm dark:bg-surface-dark-muted">
            <thead className="bg-slate-50 dark:bg-slate-800">
              <tr>
                <th scope="col" className="px-4 py-2 font-semibold">{t("name")}</th>
                <th scope="col" className="px-4 py-2 font-semibold">{t("email")}</th>
                <th scope="col" className="px-4 py-2 font-semibold">{t("registered")}</th>
              </tr>
            </thead>
            <tbody className="divide-y divide-slate-200 dark:divide-slate-700">
              {registrants.map((r) => (
                <tr key={r.id}>
                  <td className="min-w-32 px-4 py-2">{r.name}</td>
                  <td className="whitespace-nowrap px-4 py-2">{r.email}</td>
                  <td className="whitespace-nowrap px-4 py-2">{when(r.registeredAt)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
}
