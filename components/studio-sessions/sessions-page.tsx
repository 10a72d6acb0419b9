"use client";

import { NewItemButton, NewItemForm } from "@/components/studio-people/new-item-form";
import { useMutation, useQueries, useQueryClient } from "@tanstack/react-query";
import { useTranslations } from "next-intl";
import { useRouter } from "next/navigation";
import { useId, useState } from "react";
import { AppLink } from "@/components/ui/app-link";
import { TabLink } from "@/components/ui/tab-link";
import { showToast } from "@/components/ui/toast-store";
import { StudioNav } from "@/components/studio-people/studio-nav";
import { StudioListHeader, StudioListBody, LoadMore } from "@/components/studio-people/studio-list";
import { useErrorText } from "@/components/i18n/use-error-text";
import { createSession, studioSessionsQueries, type StudioSession } from "@/lib/api/studio-sessions";
import { bodyOf, buttonClass, emptyDraft, panelClass, SessionFields, useSessionWhen, type SessionDraft } from "./session-fields";

type Range = "upcoming" | "past";

/** /studio/sessions: upcoming (and live) or past group sessions with their registrants; a form to make one. */
export function SessionsPage({ range }: { range: Range }) {
  const t = useTranslations("studioSessions.list");
  const [cursors, setCursors] = useState<(string | undefined)[]>([undefined]);
  const [adding, setAdding] = useState(false);
  const pages = useQueries({ queries: cursors.map((cursor) => studioSessionsQueries.listSessions(range, cursor)) });
  const first = pages[0]!;
  const last = pages.at(-1)!;
  const sessions = pages.flatMap((p) => p.data?.sessions ?? []);

  return (
    <div className="space-y-6">
      <StudioNav />
      <StudioListHeader title={t("title")} description={t("description")}>
        <NewItemButton label={t("newSession")} open={adding} onToggle={() => setAdding(!adding)} />
      </StudioListHeader>

      {adding && <NewSessionForm onClose={() => setAdding(false)} />}

      <nav aria-label={t("tabsLabel")} className="flex gap-2">
        <TabLink href="/studio/sessions" active={range === "upcoming"}>
          {t("upcoming")}
        </TabLink>
        <TabLink href="/studio/sessions?range=past" active={range === "past"}>
          {t("past")}
        </TabLink>
      </nav>

      <StudioListBody
        query={first}
        loadingLabel={t("loading")}
        isEmpty={() => sessions.length === 0}
        empty={<p className={`${panelClass} text-center`}>{range === "upcoming" ? t("emptyUpcoming") : t("emptyPast")}</p>}
      >
        {() => (
          <ul aria-label={range === "upcoming" ? t("upcomingLabel") : t("pastLabel")} className="divide-y divide-slate-200 rounded-card bg-white ring-1 ring-slate-200 dark:divide-slate-700 dark:bg-surface-dark-muted dark:ring-slate-700">
            {sessions.map((s) => (
              <SessionRow key={s.id} session={s} />
            ))}
          </ul>
        )}
      </StudioListBody>
      <LoadMore hasMore={!!last.data?.hasMore} onMore={() => setCursors((c) => [...c, last.data!.nextCursor ?? undefined])} />
    </div>
  );
}

export function SessionState({ session }: { session: Pick<StudioSession, "cancelledAt" | "rangeType"> }) {
  const t = useTranslations("studioSessions.list");
  if (session.cancelledAt) return <span className="rounded-full bg-red-100 px-2.5 py-1 text-xs font-semibold text-red-900 dark:bg-red-900/40 dark:text-red-100">{t("cancelled")}</span>;
  if (session.rangeType === "live") return <span className="rounded-full bg-green-100 px-2.5 py-1 text-xs font-semibold text-green-900 dark:bg-green-900/40 dark:text-green-100">{t("live")}</span>;
  return null;
}

function SessionRow({ session: s }: { session: StudioSession }) {
  const t = useTranslations("studioSessions.list");
  const sessionWhen = useSessionWhen();
  return (
    <li className="flex flex-wrap items-center justify-between gap-2 p-4">
      <div className="min-w-0">
        <div className="flex flex-wrap items-center gap-2">
          <AppLink href={`/studio/sessions/${s.id}`} className={`font-semibold text-brand-700 hover:underline dark:text-brand-300 ${s.cancelledAt ? "line-through" : ""}`}>
            {s.title}
          </AppLink>
          <SessionState session={s} />
        </div>
        <p className="text-sm text-ink-muted dark:text-ink-dark-muted">{sessionWhen(s)}</p>
        <p className="break-words text-sm text-ink-muted dark:text-ink-dark-muted">
          {t("hostedBy", { course: s.course?.name ?? t("openToAll"), host: s.hostName })}
        </p>
      </div>
      <span className="rounded-full bg-slate-100 px-2.5 py-1 text-xs font-semibold text-ink dark:bg-slate-800 dark:text-ink-dark">
        {t("registered", { count: s.registrantCount })}
      </span>
    </li>
  );
}

function NewSessionForm({ onClose }: { onClose: () => void }) {
  const t = useTranslations("studioSessions.newForm");
  const errorText = useErrorText();
  const id = useId();
  const router = useRouter();
  const queryClient = useQueryClient();
  const [draft, setDraft] = useState<SessionDraft>(emptyDraft);
  const create = useMutation({
    mutationFn: () => createSession(bodyOf(draft)),
    onSuccess: async ({ session }) => {
      showToast({ title: t("madeTitle"), description: t("madeText", { title: session.title }) });
      await queryClient.invalidateQueries({ queryKey: studioSessionsQueries.all });
      router.push(`/studio/sessions/${session.id}`);
    },
  });
  return (
    <NewItemForm title={t("title")} onClose={onClose} onSubmit={() => create.mutate()}>
      <SessionFields idPrefix={id} draft={draft} setDraft={setDraft} />
      {create.isError && (
        <p role="alert" className="text-sm text-red-700 dark:text-red-300">
          {errorText(create.error)}
        </p>
      )}
      <button type="submit" className={buttonClass} disabled={create.isPending}>
        {create.isPending ? t("making") : t("make")}
      </button>
    </NewItemForm>
  );
}
