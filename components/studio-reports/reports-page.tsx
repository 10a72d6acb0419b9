"use client";

import { useQueries, useQuery } from "@tanstack/react-query";
import { ArrowDown, ArrowUp, ArrowUpDown, Download } from "lucide-react";
import { useTranslations } from "next-intl";
import { useRouter } from "next/navigation";
import { useState } from "react";
import { usePagePath, usePageQuery } from "@/hooks/use-address";
import { AppLink } from "@/components/ui/app-link";
import { showToast } from "@/components/ui/toast-store";
import { inputClass } from "@/components/studio-content/course-settings-fields";
import { StudioNav } from "@/components/studio-people/studio-nav";
import { StudioListHeader, StudioListBody, LoadMore } from "@/components/studio-people/studio-list";
import { useErrorText } from "@/components/i18n/use-error-text";
import { getReportLearnersCsv, studioReportsQueries, type ReportQuery } from "@/lib/api/studio-reports";
import { reportCells, reportHeader } from "@/lib/studio-reports-cells";
import { ReportFunnel } from "./report-funnel";
import { useReportWords } from "./report-words";
import { buttonClass } from "@/components/studio-people/studio-classes";


/** Columns the table may be sorted by, by their header's position. */
const SORTABLE: Record<number, ReportQuery["sort"]> = { 0: "name", 1: "email", 3: "enrolled" };


const SORTS: readonly ReportQuery["sort"][] = ["name", "email", "enrolled"];

/** The filters and sort as the address holds them (?program=&batch=&course=&sort=&order=), so a report can be reloaded, bookmarked and shared. */
function queryOf(params: URLSearchParams): ReportQuery {
  const sort = SORTS.find((s) => s === params.get("sort")) ?? "name";
  return {
    program: params.get("program") || undefined,
    batch: params.get("batch") || undefined,
    course: params.get("course") || undefined,
    sort,
    order: params.get("order") === "desc" ? "desc" : "asc",
  };
}

/** /studio/reports: learners of a program, batch or course, their totals and funnel, and the CSV of the table. */
export function ReportsPage() {
  const t = useTranslations("studioReports.list");
  const words = useReportWords();
  const errorText = useErrorText();
  const router = useRouter();
  const pathname = usePagePath();
  const params = usePageQuery();
  const query = queryOf(new URLSearchParams(params.toString()));
  // The pages loaded so far, for the query they were loaded for: a new query starts again at its first page.
  const queryKey = JSON.stringify(query);
  const [loaded, setLoaded] = useState<{ key: string; cursors: (string | undefined)[] }>({ key: queryKey, cursors: [undefined] });
  const cursors = loaded.key === queryKey ? loaded.cursors : [undefined];
  const setCursors = (next: (string | undefined)[]) => setLoaded({ key: queryKey, cursors: next });
  const [downloading, setDownloading] = useState(false);
  const filters = useQuery(studioReportsQueries.listReportFilters());
  const summary = useQuery(studioReportsQueries.getReportSummary({ program: query.program, batch: query.batch, course: query.course }));
  const pages = useQueries({ queries: cursors.map((cursor) => studioReportsQueries.listReportLearners(query, cursor)) });
  const first = pages[0]!;
  const last = pages.at(-1)!;
  const rows = pages.flatMap((p) => p.data?.rows ?? []);
  const columns = first.data?.columns;
  const update = (patch: Partial<ReportQuery>) => {
    const next = { ...query, ...patch };
    const search = new URLSearchParams();
    for (const key of ["program", "batch", "course"] as const) {
      const value = next[key];
      if (value) search.set(key, value);
    }
    if (next.sort && next.sort !== "name") search.set("sort", next.sort);
    if (next.order === "desc") search.set("order", "desc");
    const q = search.toString();
    router.replace(q ? `${pathname}?${q}` : pathname, { scroll: false });
  };
  const sortBy = (sort: ReportQuery["sort"]) => update({ sort, order: query.sort === sort && query.order === "asc" ? "desc" : "asc" });

  const download = async () => {
    setDownloading(true);
    try {
      await getReportLearnersCsv(query);
    } catch (e) {
      showToast({ title: t("downloadFailed"), description: errorText(e), variant: "destructive" });
    } finally {
      setDownloading(false);
    }
  };

  return (
    <div className="space-y-6">
      <StudioNav />
      <StudioListHeader title={t("title")} description={t("description")}>
        <button type="button" className={buttonClass} onClick={download} disabled={downloading || !first.data}>
          <Download aria-hidden className="h-4 w-4" /> {downloading ? t("preparing") : t("download")}
        </button>
      </StudioListHeader>

      <form aria-label={t("filterLabel")} className="grid grid-cols-3 gap-3 max-mobile:grid-cols-1" onSubmit={(e) => e.preventDefault()}>
        <label className="text-sm font-medium">
          {t("program")}
          <select className={`${inputClass} mt-1`} value={query.program ?? ""} onChange={(e) => update({ program: e.target.value || undefined })}>
            <option value="">{t("anyProgram")}</option>
            {filters.data?.programs.map((p) => (
              <option key={p.id} value={p.id}>
                {p.name}
              </option>
            ))}
          </select>
        </label>
        <label className="text-sm font-medium">
          {t("batch")}
          <select className={`${inputClass} mt-1`} value={query.batch ?? ""} onChange={(e) => update({ batch: e.target.value || undefined })}>
            <option value="">{t("anyBatch")}</option>
            {filters.data?.batches.map((b) => (
              <option key={b.key} value={b.key}>
                {b.name} ({b.key})
              </option>
            ))}
          </select>
        </label>
        <label className="text-sm font-medium">
          {t("course")}
          <select className={`${inputClass} mt-1`} value={query.course ?? ""} onChange={(e) => update({ course: e.target.value || undefined })}>
            <option value="">{t("anyCourse")}</option>
            {filters.data?.courses.map((c) => (
              <option key={c.id} value={c.id}>
                {c.name}
              </option>
            ))}
          </select>
        </label>
      </form>

      {summary.data && (
        <section aria-label={t("totals")} className="grid grid-cols-[1fr_2fr] gap-4 max-mobile:grid-cols-1">
          <dl className="grid grid-cols-2 gap-3">
            {[
              [t("learners"), summary.data.learners],
              [t("averageProgress"), `${summary.data.averageProgressPercent}%`],
              [t("completed"), summary.data.funnel.completed],
              [t("certificates"), summary.data.certificates],
            ].map(([label, value]) => (
              <div key={label} className="rounded-card bg-white p-4 ring-1 ring-slate-200 dark:bg-surface-dark-muted dark:ring-slate-700">
                <dt className="text-sm text-ink-muted dark:text-ink-dark-muted">{label}</dt>
                <dd className="text-2xl font-bold tabular-nums">{value}</dd>
              </div>
            ))}
          </dl>
          <ReportFunnel funnel={summary.data.funnel} />
        </section>
      )}

      <StudioListBody
        query={first}
        loadingLabel={t("loading")}
        rows={4}
        rowClass="h-12"
        isEmpty={() => rows.length === 0 || !columns}
        empty={<p className="rounded-card bg-white p-6 text-center ring-1 ring-slate-200 dark:bg-surface-dark-muted dark:ring-slate-700">{t("empty")}</p>}
      >
        {() => columns && (
          <>
            {columns.scope !== "course" && (
              <p className="text-sm text-ink-muted dark:text-ink-dark-muted">
                {columns.scope === "program" ? t("scopeProgram") : t("scopeAll")}
              </p>
            )}
            <div role="region" aria-label={t("learnersRegion")} tabIndex={0} className="overflow-x-auto rounded-card bg-white ring-1 ring-slate-200 dark:bg-surface-dark-muted dark:ring-slate-700">
              <table className="w-full min-w-max text-left text-sm">
                <thead className="border-b border-slate-200 dark:border-slate-700">
                  <tr>
                    {reportHeader(columns, words).map((label, i) => {
                      const sort = SORTABLE[i];
                      const active = sort !== undefined && query.sort === sort;
                      return (
                        <th key={`${i}-${label}`} scope="col" className="px-3 py-2 font-semibold" aria-sort={active ? (query.order === "asc" ? "ascending" : "descending") : undefined}>
                          {sort ? (
                            <button type="button" className="inline-flex items-center gap-1 hover:underline" onClick={() => sortBy(sort)}>
                              {label}
                              {active ? query.order === "asc" ? <ArrowUp aria-hidden className="h-3.5 w-3.5" /> : <ArrowDown aria-hidden className="h-3.5 w-3.5" /> : <ArrowUpDown aria-hidden className="h-3.5 w-3.5 opacity-50" />}
                            </button>
                          ) : (
                            label
                          )}
                        </th>
                      );
                    })}
                  </tr>
                </thead>
                <tbody className="divide-y divide-slate-200 dark:divide-slate-700">
                  {rows.map((row) => (
                    <tr key={row.userId}>
                      {reportCells(row, words).map((cell, i) =>
                        i === 0 ? (
                          <th key={i} scope="row" className="px-3 py-2 font-semibold">
                            <AppLink href={`/studio/reports/learners/${row.userId}`} className="text-brand-700 hover:underline dark:text-brand-300">
                              {cell}
                            </AppLink>
                          </th>
                        ) : (
                          <td key={i} className="px-3 py-2 tabular-nums">
                            {cell}
                          </td>
                        ),
                      )}
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          </>
        )}
      </StudioListBody>
      <LoadMore hasMore={!!last.data?.hasMore} onMore={() => setCursors([...cursors, last.data!.nextCursor ?? undefined])} loadingMore={last.isPending && cursors.length > 1} rowClass="h-12" />
    </div>
  );
}
