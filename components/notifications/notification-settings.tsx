"use client";

import { useTranslations } from "next-intl";
import { useState } from "react";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { notificationsQueries, setNotificationSettings } from "@/lib/api/notifications";
import { useErrorText } from "@/components/i18n/use-error-text";
import type { CallResponse } from "@/lib/contract/call";
import type { getNotificationSettings } from "@/lib/contract/calls/notifications";
import { ErrorBlock } from "@/components/ui/error-block";
import { PageSkeleton } from "@/components/ui/skeleton";

type Settings = CallResponse<typeof getNotificationSettings>;

/** The e-mails a learner can turn off; their titles and descriptions are `notifications.kinds.{kind}`. */
const KINDS: (keyof Settings)[] = ["essayGraded", "meetingReminder"];

/** The user menu's page: which notification e-mails the learner gets. Each box saves as it changes. */
export function NotificationSettings() {
  const t = useTranslations("notifications");
  const errorText = useErrorText();
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

  if (query.isPending) return <PageSkeleton label={t("loading")} />;
  if (query.isError) return <ErrorBlock message={errorText(query.error)} onRetry={() => void query.refetch()} />;
  const settings = { ...query.data, ...changed };

  return (
    <section aria-labelledby="notifications-heading" className="max-w-2xl">
      <h1 id="notifications-heading" className="text-2xl font-bold">
        {t("title")}
      </h1>
      <p className="mt-1 text-ink-muted dark:text-ink-dark-muted">{t("intro")}</p>
      <fieldset className="mt-6 divide-y divide-slate-200 rounded-card bg-white ring-1 ring-slate-200 dark:divide-slate-700 dark:bg-surface-dark-muted dark:ring-slate-700">
        <legend className="sr-only">{t("legend")}</legend>
        {KINDS.map((kind) => (
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
              <span className="block font-semibold">{t(`kinds.${kind}.title`)}</span>
              <span className="block text-sm text-ink-muted dark:text-ink-dark-muted">{t(`kinds.${kind}.description`)}</span>
            </span>
          </label>
        ))}
      </fieldset>
      <p role="status" className="mt-3 min-h-6 text-sm">
        {save.isPending ? t("saving") : save.isError ? "" : save.isSuccess ? t("saved") : ""}
      </p>
      {save.isError && <ErrorBlock message={errorText(save.error)} />}
    </section>
  );
}
