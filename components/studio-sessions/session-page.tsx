"use client";

import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { Ban } from "lucide-react";
import { useId, useState } from "react";
import { showToast } from "@/components/ui/toast-store";
import { StudioDetailFrame, StudioDetailTitle } from "@/components/studio-people/studio-detail-frame";
import { errorMessage } from "@/lib/api/errors";
import { cancelSession, studioSessionsQueries, updateSession, type SessionRegistrant, type StudioSession } from "@/lib/api/studio-sessions";
import { bodyOf, buttonClass, draftOf, panelClass, secondaryClass, SessionFields, sessionWhen, type SessionDraft } from "./session-fields";
import { SessionState } from "./sessions-page";

const when = (iso: string) => new Date(iso).toLocaleString(undefined, { dateStyle: "medium", timeStyle: "short" });
const people = (n: number) => `${n} learner${n === 1 ? "" : "s"}`;

/** /studio/sessions/{id}: a session's settings, cancelling it, and who registered. */
export function SessionPage({ id }: { id: string }) {
  const query = useQuery(studioSessionsQueries.getSession(id));
  return (
    <StudioDetailFrame back={{ href: "/studio/sessions", label: "All sessions" }} query={query} item={query.data?.session && query.data}>
      {({ session, registrants }) => (
        <>
          <StudioDetailTitle title={session.title} badge={<SessionState session={session} />}>
            <p className="text-ink-muted dark:text-ink-dark-muted">{sessionWhen(session)}</p>
            <p className="text-sm text-ink-muted dark:text-ink-dark-muted">
              {session.course?.name ?? "Open to every learner"} · calendar revision {session.sequence}
              {session.studioEditedAt ? "" : " · from the content import"}
            </p>
          </StudioDetailTitle>
          {session.cancelledAt ? (
            <p role="status" className={`${panelClass} text-sm`}>
              Cancelled on {when(session.cancelledAt)}. Learners no longer see it or can register; those who had registered were e-mailed.
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
  const id = useId();
  const queryClient = useQueryClient();
  const [draft, setDraft] = useState<SessionDraft>(draftOf(session));
  const save = useMutation({
    mutationFn: () => updateSession({ id: session.id, ...bodyOf(draft) }),
    onSuccess: async ({ session: saved, notified }) => {
      showToast({
        title: "Saved",
        description: notified ? `${people(notified)} will be e-mailed the new details (calendar revision ${saved.sequence}).` : `"${saved.title}" was updated.`,
      });
      await queryClient.invalidateQueries({ queryKey: studioSessionsQueries.all });
    },
  });
  return (
    <form
      aria-label="Session settings"
      className={`${panelClass} space-y-4`}
      onSubmit={(e) => {
        e.preventDefault();
        save.mutate();
      }}
    >
      <SessionFields idPrefix={id} draft={draft} setDraft={setDraft} />
      <p className="text-xs text-ink-muted dark:text-ink-dark-muted">A change to the time, duration, title, description or join link is e-mailed to everyone registered, with a calendar file that updates theirs.</p>
      {save.isError && (
        <p role="alert" className="text-sm text-red-700 dark:text-red-300">
          {errorMessage(save.error)}
        </p>
      )}
      <button type="submit" className={buttonClass} disabled={save.isPending}>
        {save.isPending ? "Saving…" : "Save"}
      </button>
    </form>
  );
}

function CancelSession({ session }: { session: StudioSession }) {
  const queryClient = useQueryClient();
  const [asking, setAsking] = useState(false);
  const cancel = useMutation({
    mutationFn: () => cancelSession({ id: session.id }),
    onSuccess: async ({ notified }) => {
      showToast({ title: "Session cancelled", description: notified ? `${people(notified)} will be e-mailed.` : "Nobody had registered." });
      await queryClient.invalidateQueries({ queryKey: studioSessionsQueries.all });
    },
  });
  return (
    <section aria-labelledby="cancel-session" className={`${panelClass} space-y-3`}>
      <h2 id="cancel-session" className="text-lg font-semibold">
        Cancel the session
      </h2>
      <p className="text-sm text-ink-muted dark:text-ink-dark-muted">
        Learners will no longer see it or be able to register. Everyone registered ({people(session.registrantCount)}) is e-mailed a calendar file that removes it from their calendar. This cannot be undone.
      </p>
      {asking ? (
        <div className="flex flex-wrap gap-2">
          <button type="button" className={`${buttonClass} bg-red-700 hover:bg-red-800`} disabled={cancel.isPending} onClick={() => cancel.mutate()}>
            <Ban aria-hidden className="h-4 w-4" /> {cancel.isPending ? "Cancelling…" : "Yes, cancel it"}
          </button>
          <button type="button" className={secondaryClass} onClick={() => setAsking(false)}>
            Keep it
          </button>
        </div>
      ) : (
        <button type="button" className={secondaryClass} onClick={() => setAsking(true)}>
          <Ban aria-hidden className="h-4 w-4" /> Cancel the session…
        </button>
      )}
      {cancel.isError && (
        <p role="alert" className="text-sm text-red-700 dark:text-red-300">
          {errorMessage(cancel.error)}
        </p>
      )}
    </section>
  );
}

function Registrants({ registrants }: { registrants: SessionRegistrant[] }) {
  return (
    <section aria-labelledby="session-registrants" className="space-y-3">
      <h2 id="session-registrants" className="text-lg font-semibold">
        Registered ({registrants.length})
      </h2>
      {registrants.length === 0 ? (
        <p className={`${panelClass} text-center`}>Nobody has registered yet.</p>
      ) : (
        <div className="overflow-x-auto rounded-card ring-1 ring-slate-200 dark:ring-slate-700" tabIndex={0} role="region" aria-label="Registered learners">
          <table className="w-full bg-white text-left text-sm dark:bg-surface-dark-muted">
            <thead className="bg-slate-50 dark:bg-slate-800">
              <tr>
                <th scope="col" className="px-4 py-2 font-semibold">Name</th>
                <th scope="col" className="px-4 py-2 font-semibold">E-mail</th>
                <th scope="col" className="px-4 py-2 font-semibold">Registered</th>
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
