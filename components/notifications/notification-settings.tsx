"use client";

import { useState } from "react";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { notificationsQueries, setNotificationSettings } from "@/lib/api/notifications";
import { errorMessage } from "@/lib/api/errors";
import type { CallResponse } from "@/lib/contract/call";
import type { getNotificationSettings } from "@/lib/contract/calls/notifications";
import { ErrorBlock } from "@/components/ui/error-block";
import { PageSkeleton } from "@/components/ui/skeleton";

type Settings = CallResponse<typeof getNotificationSettings>;

const KINDS: { kind: keyof Settings; title: string; description: string }[] = [
  { kind: "essayGraded", title: "Essay results", description: "An e-mail with your marks and a link to the essay when a grader has marked it." },
  {
    kind: "meetingReminder",
    title: "Group session reminders",
    description: "An e-mail an hour before each group session you registered for, with the join link and a calendar file.",
  },
];

/** The user menu's page: which notification e-mails the learner gets. Each box saves as it changes. */
export function NotificationSettings() {
  const queryClient = useQueryClient();
  const query = useQuery(notificationsQueries.getNotificationSettings());
  // The box shows its new state in the same event that changed it (the mutation's own state arrives
  // a tick later, and a controlled box would flick back in between); a failed save puts it back.
  const [changed, setChanged] = useState<Partial<Settings>>({});
  const save = useMutation({
    mutationFn: setNotificationSettings,
    onSuccess: (settings) => queryClient.setQueryData(notificationsQueries.getNotificationSettings().queryKey, settings),
    onSettled: () => setChanged({}),
  });

  if (query.isPending) return <PageSkeleton label="Loading your e-mail settings" />;
  if (query.isError) return <ErrorBlock message={errorMessage(query.error)} onRetry={() => void query.refetch()} />;
  const settings = { ...query.data, ...changed };

  return (
    <section aria-labelledby="notifications-heading" className="max-w-2xl">
      <h1 id="notifications-heading" className="text-2xl font-bold">
        E-mail notifications
      </h1>
      <p className="mt-1 text-ink-muted dark:text-ink-dark-muted">
        Sign-in links always reach you. These e-mails you can turn off, here or with the link at the end of each one.
      </p>
      <fieldset className="mt-6 divide-y divide-slate-200 rounded-card bg-white ring-1 ring-slate-200 dark:divide-slate-700 dark:bg-surface-dark-muted dark:ring-slate-700">
        <legend className="sr-only">Notification e-mails</legend>
        {KINDS.map(({ kind, title, description }) => (
          <label key={kind} className="flex cursor-pointer items-start gap-3 p-4">
            <input
              type="checkbox"
              name={kind}
              checked={settings[kind]}
              disabled={save.isPending}
              onChange={(e) => {
                const change = { [kind]: e.target.checked };
                setChanged(change);
                save.mutate(change);
              }}
              className="mt-1 h-5 w-5 shrink-0 accent-brand-600"
            />
            <span>
              <span className="block font-semibold">{title}</span>
              <span className="block text-sm text-ink-muted dark:text-ink-dark-muted">{description}</span>
            </span>
          </label>
        ))}
      </fieldset>
      <p role="status" className="mt-3 min-h-6 text-sm">
        {save.isPending ? "Saving…" : save.isError ? "" : save.isSuccess ? "Saved." : ""}
      </p>
      {save.isError && <ErrorBlock message={errorMessage(save.error)} />}
    </section>
  );
}
