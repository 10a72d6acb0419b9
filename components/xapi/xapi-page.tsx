"use client";

import { useMutation, useQueries } from "@tanstack/react-query";
import { Download } from "lucide-react";
import { useTranslations } from "next-intl";
import { useReaderDateTime } from "@/hooks/use-reader-time";
import { useState } from "react";
import { useErrorText } from "@/components/i18n/use-error-text";
import { exportXapiStatements, xapiQueries, type XapiStatementRow, type XapiStatementsQuery } from "@/lib/api/xapi";
import { saveDownload } from "@/lib/browser/download";
import { showToast } from "@/components/ui/toast-store";
import { inputClass } from "@/components/studio-content/course-settings-fields";
import { StudioNav } from "@/components/studio-people/studio-nav";
import { LoadMore, StudioListBody, StudioListHeader } from "@/components/studio-people/studio-list";
import { buttonClass } from "@/components/studio-people/studio-classes";

type State = NonNullable<XapiStatementsQuery["state"]>;

const STATES: State[] = ["pending", "sent", "failed"];

const STATE_TONES: Record<State, string> = {
  pending: "bg-amber-100 text-amber-900 dark:bg-amber-900/40 dark:text-amber-100",
  sent: "bg-green-100 text-green-900 dark:bg-green-900/40 dark:text-green-100",
  failed: "bg-red-100 text-red-900 dark:bg-red-900/40 dark:text-red-100",
};

const PAGE = 50;

/** A UTC day as YYYY-MM-DD, `daysAgo` days before today. */
const utcDay = (daysAgo = 0) => new Date(Date.now() - daysAgo * 86_400_000).toISOString().slice(0, 10);

/** /studio/xapi: the xAPI statements of learning events, their delivery to the LRS, and their export as JSON. */
export function XapiPage() {
  const t = useTranslations("xapi");
  const [filters, setFilters] = useState<XapiStatementsQuery>({ limit: PAGE });
  const [pagesBefore, setPagesBefore] = useState<(string | undefined)[]>([undefined]);
  const pages = useQueries({ queries: pagesBefore.map((before) => xapiQueries.listXapiStatements(filters, before)) });
  const first = pages[0]!;
  const last = pages.at(-1)!;
  const statements = pages.flatMap((p) => p.data?.statements ?? []);
  const lastPageFull = (last.data?.statements.length ?? 0) >= PAGE;
  const endpoint = first.data?.lrs.endpoint;

  return (
    <div className="space-y-6">
      <StudioNav />
      <div>
        <StudioListHeader
          title={t("title")}
          readableWidth
          description={t("intro")}
        />
        {first.data && (
          <p className="mt-2 text-sm" data-testid="lrs-status">
            {endpoint ? (
              t.rich("sendingTo", { endpoint, mono: (chunks) => <span className="font-mono wrap-anywhere">{chunks}</span> })
            ) : (
              t("noLrs")
            )}
          </p>
        )}
      </div>

      <ExportForm />

      <section aria-labelledby="statements-heading" className="space-y-3">
        <div className="flex flex-wrap items-end justify-between gap-3">
          <h2 id="statements-heading" className="text-lg font-semibold">
            {t("statements")}
          </h2>
          <label className="text-sm font-medium">
            {t("delivery")}
            <select
              className={`${inputClass} mt-1`}
              value={filters.state ?? ""}
              onChange={(e) => {
                setFilters((f) => ({ ...f, state: (e.target.value || undefined) as State | undefined }));
                setPagesBefore([undefined]);
              }}
            >
              <option value="">{t("any")}</option>
              {STATES.map((state) => (
                <option key={state} value={state}>
                  {t(`states.${state}`)}
                </option>
              ))}
            </select>
          </label>
        </div>
        <StudioListBody
          query={first}
          loadingLabel={t("loading")}
          rows={4}
          isEmpty={() => statements.length === 0}
          empty={<p className="rounded-card bg-white p-6 text-center ring-1 ring-slate-200 dark:bg-surface-dark-muted dark:ring-slate-700">{t("empty")}</p>}
        >
          {() => (
            <ul aria-label={t("statements")} className="divide-y divide-slate-200 rounded-card bg-white ring-1 ring-slate-200 dark:divide-slate-700 dark:bg-surface-dark-muted dark:ring-slate-700">
              {statements.map((s) => (
                <StatementRow key={s.id} statement={s} />
              ))}
            </ul>
          )}
        </StudioListBody>
        <LoadMore
          hasMore={lastPageFull && !!last.data}
          onMore={() => setPagesBefore((b) => [...b, last.data!.statements.at(-1)!.occurredAt])}
          loadingMore={last.isPending && pagesBefore.length > 1}
        />
      </section>
    </div>
  );
}

function ExportForm() {
  const t = useTranslations("xapi.export");
  const errorText = useErrorText();
  const [from, setFrom] = useState(() => utcDay(30));
  const [to, setTo] = useState(() => utcDay());
  const download = useMutation({
    mutationFn: () => exportXapiStatements(from, to),
    onSuccess: (data) => {
      saveDownload(new Blob([JSON.stringify(data.statements, null, 2)], { type: "application/json" }), `xapi-statements-${data.from}-to-${data.to}.json`);
      showToast({ title: t("done"), description: t("doneText", { count: data.statements.length, from: data.from, to: data.to }) });
    },
  });
  return (
    <section aria-labelledby="export-heading" className="space-y-3 rounded-card bg-white p-4 ring-1 ring-slate-200 dark:bg-surface-dark-muted dark:ring-slate-700">
      <h2 id="export-heading" className="text-lg font-semibold">
        {t("title")}
      </h2>
      <p className="text-sm text-ink-muted dark:text-ink-dark-muted">{t("intro")}</p>
      <form
        aria-label={t("form")}
        className="flex flex-wrap items-end gap-3"
        onSubmit={(e) => {
          e.preventDefault();
          download.mutate();
        }}
      >
        <label className="text-sm font-medium">
          {t("from")}
          <input type="date" required className={`${inputClass} mt-1`} value={from} max={to} onChange={(e) => setFrom(e.target.value)} />
        </label>
        <label className="text-sm font-medium">
          {t("to")}
          <input type="date" required className={`${inputClass} mt-1`} value={to} min={from} onChange={(e) => setTo(e.target.value)} />
        </label>
        <button
          type="submit"
          disabled={download.isPending}
          className={buttonClass}
        >
          <Download aria-hidden className="h-4 w-4" /> {download.isPending ? t("exporting") : t("download")}
        </button>
      </form>
      {download.isError && (
        <p role="alert" className="text-sm text-red-800 dark:text-red-200">
          {errorText(download.error)}
        </p>
      )}
    </section>
  );
}

function StatementRow({ statement: s }: { statement: XapiStatementRow }) {
  const t = useTranslations("xapi");
  const when = useReaderDateTime();
  return (
    <li className="flex flex-wrap items-start justify-between gap-3 p-4">
      <div className="min-w-0 flex-1 space-y-1">
        <p className="break-words font-semibold">
          {s.learner.name} {s.verb} {s.object}
        </p>
        <p className="text-sm text-ink-muted dark:text-ink-dark-muted">
          {when(s.occurredAt)} · {s.learner.email}
          {s.sentAt ? ` · ${t("row.sent", { when: when(s.sentAt) })}` : ""}
          {s.tries > 0 ? ` · ${t("row.tries", { count: s.tries })}` : ""}
        </p>
        {s.lastAnswer && (
          <p className="break-words text-sm text-red-800 dark:text-red-200">
            {t("row.answered", { status: s.lastAnswer.status ?? t("row.nothing") })}
            {s.lastAnswer.body ? `: ${s.lastAnswer.body}` : ""}
          </p>
        )}
      </div>
      <span className={`shrink-0 rounded-full px-2.5 py-1 text-xs font-semibold ${STATE_TONES[s.state]}`}>{t(`states.${s.state}`)}</span>
    </li>
  );
}
