"use client";

import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { AppLink } from "@/components/ui/app-link";
import { useRouter } from "next/navigation";
import { usePagePath, usePageQuery } from "@/hooks/use-address";
import { useEffect, useState } from "react";
import { catalogueQueries } from "@/lib/api/catalogue";
import { errorMessage } from "@/lib/api/errors";
import { DURATION_FILTERS } from "@/lib/contract/filters";
import type { BundledProgram } from "@/lib/contract/entities/shared";
import { formatDuration } from "@/lib/format-duration";
import { learningPathPath } from "@/lib/learning-path-address";
import { CATALOGUE_TABS as TABS, catalogueCountQuery, catalogueState, courseListQuery, programListQuery, type CatalogueTab as TabKey } from "./catalogue-state";
import { CourseCard, coverLoading } from "./course-card";
import { ErrorBlock } from "@/components/ui/error-block";
import { Pager } from "@/components/ui/pager";
import { plural } from "@/lib/plural";

export function CourseCatalogue() {
  const router = useRouter();
  const pathname = usePagePath();
  const params = usePageQuery();
  const state = catalogueState(params);
  const { tab, domain, duration, page, q } = state;
  const [search, setSearch] = useState(q);

  const update = (changes: Record<string, string | undefined>) => {
    // The address as it is now, not as this render saw it: the search box's delayed update may run
    // after another change (Clear filters) and must not bring back what that change removed.
    const next = new URLSearchParams(typeof window === "undefined" ? params.toString() : window.location.search);
    for (const [k, v] of Object.entries(changes)) {
      if (v) next.set(k, v);
      else next.delete(k);
    }
    if (!("page" in changes)) next.delete("page");
    const query = next.toString();
    router.replace(query ? `${pathname}?${query}` : pathname, { scroll: false });
  };

  // Typing waits a moment before the address (and the list) follows.
  useEffect(() => {
    if (search === q) return;
    const t = window.setTimeout(() => update({ q: search.trim() || undefined }), 300);
    return () => window.clearTimeout(t);
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [search]);

  // Each tab counts what it would show with the filters chosen.
  const counts = useQuery({ ...catalogueCountQuery(state), placeholderData: keepPreviousData });
  const domains = useQuery(catalogueQueries.getCourseDomains());
  const list = useQuery({ ...courseListQuery(state), enabled: tab !== "programs", placeholderData: keepPreviousData });
  const programs = useQuery({ ...programListQuery(state), enabled: tab === "programs" });

  const filtered = Boolean(q || domain || duration);
  const clearFilters = () => {
    setSearch("");
    update({ q: undefined, domain: undefined, duration: undefined });
  };
  const searchLabel = tab === "programs" ? "Search programs" : "Search courses";

  const countFor = (key: TabKey) =>
    key === "in-progress" ? counts.data?.onProgressCount : key === "all" ? counts.data?.allCount : counts.data?.bundledCount;

  return (
    <div>
      <h1 className="text-2xl font-bold">Courses</h1>
      <div role="tablist" aria-label="Course lists" className="mt-4 flex gap-1 border-b border-slate-200 dark:border-slate-700">
        {TABS.map((t) => (
          <button
            key={t.key}
            role="tab"
            type="button"
            aria-selected={tab === t.key}
            onClick={() => update({ tab: t.key === "all" ? undefined : t.key })}
            className={`min-w-0 flex-1 border-b-2 px-2 py-2 text-sm font-medium sm:flex-none sm:px-4 ${
              tab === t.key ? "border-brand-600 text-brand-700 dark:text-brand-100" : "border-transparent text-ink-muted hover:text-ink dark:text-ink-dark-muted dark:hover:text-ink-dark"
            }`}
          >
            {t.label}
            {countFor(t.key) !== undefined && <span className="ml-1.5 inline-block rounded-full bg-slate-100 px-2 text-xs text-slate-800 dark:bg-slate-700 dark:text-slate-100">{countFor(t.key)}</span>}
          </button>
        ))}
      </div>

      <form role="search" onSubmit={(e) => e.preventDefault()} className="mt-4 flex flex-col gap-3 sm:flex-row sm:flex-wrap">
        <label className="min-w-0 sm:flex-1 sm:basis-60">
          <span className="sr-only">{searchLabel}</span>
          <input
            type="search"
            value={search}
            onChange={(e) => setSearch(e.target.value)}
            placeholder={searchLabel}
            maxLength={200}
            className="w-full rounded-md border border-slate-300 bg-white px-3 py-2 dark:border-slate-600 dark:bg-surface-dark"
          />
        </label>
        {tab !== "in-progress" && (
          <FilterSelect
            label="Domain"
            value={domain}
            anyLabel="All domains"
            options={(domains.data ?? []).map((d) => ({ value: d.domain, label: `${d.domain} (${d.courseCount})` }))}
            onChange={(value) => update({ domain: value })}
          />
        )}
        {tab !== "programs" && (
          <FilterSelect
            label="Duration"
            value={duration}
            anyLabel="Any duration"
            options={DURATION_FILTERS.map((d) => ({ value: d, label: d }))}
            onChange={(value) => update({ duration: value })}
          />
        )}
      </form>

      <div className="mt-6" role="tabpanel" aria-live="polite">
        {tab === "programs" ? (
          <ProgramList programs={programs.data} loading={programs.isPending} error={programs.error} onClearFilters={filtered ? clearFilters : undefined} />
        ) : list.isPending ? (
          <CardSkeletons />
        ) : list.isError ? (
          <ErrorBlock message={errorMessage(list.error)} onRetry={() => list.refetch()} />
        ) : list.data.results.length === 0 ? (
          // The in-progress list takes the search and the duration, not the domain.
          tab === "in-progress" && !q && !duration ? (
            <EmptyList text="You have no course in progress. Start one from All courses." />
          ) : (
            <EmptyList text="No course matches these filters." onClearFilters={filtered ? clearFilters : undefined} />
          )
        ) : (
          <>
            <div className="grid grid-cols-1 gap-4 sm:grid-cols-2 lg:grid-cols-3" data-testid="course-list">
              {list.data.results.map((c, i) => (
                // The first row holds up to three cards (one on a phone).
                <CourseCard key={c.courseId} course={c} cover={coverLoading(i, 3)} />
              ))}
            </div>
            <Pager page={page} shownPage={list.data.currentPageNumber} totalPages={list.data.totalPages} onPage={(p) => update({ page: String(p) })} />
          </>
        )}
      </div>
    </div>
  );
}

/** An empty list, with the way out when filters emptied it. */
function EmptyList({ text, onClearFilters }: { text: string; onClearFilters?: () => void }) {
  return (
    <div className="rounded-card bg-white p-6 text-center ring-1 ring-slate-200 dark:bg-surface-dark-muted dark:ring-slate-700">
      <p>{text}</p>
      {onClearFilters && (
        <button
          type="button"
          onClick={onClearFilters}
          className="mt-3 rounded-md border border-brand-600 px-4 py-2 text-sm font-semibold text-brand-700 hover:bg-brand-50 dark:text-brand-100 dark:hover:bg-brand-900"
        >
          Clear filters
        </button>
      )}
    </div>
  );
}

function ProgramList({
  programs,
  loading,
  error,
  onClearFilters,
}: {
  programs: BundledProgram[] | undefined;
  loading: boolean;
  error: unknown;
  onClearFilters?: () => void;
}) {
  if (loading) return <CardSkeletons />;
  if (error) return <ErrorBlock message={errorMessage(error)} />;
  if (!programs?.length) return <EmptyList text="No program matches these filters." onClearFilters={onClearFilters} />;
  return (
    <div className="grid grid-cols-1 gap-4 sm:grid-cols-2">
      {programs.map((p, i) => (
        <article key={p.programId} className="relative overflow-hidden rounded-card bg-white ring-1 ring-slate-200 focus-within:ring-2 focus-within:ring-brand-600 dark:bg-surface-dark-muted dark:ring-slate-700">
          {p.programImage && (
            // eslint-disable-next-line @next/next/no-img-element
            <img src={p.programImage} alt="" className="aspect-[16/7] w-full object-cover" {...coverLoading(i, 2)} />
          )}
          <div className="p-4">
            <p className="text-xs font-medium text-ink-muted dark:text-ink-dark-muted">{p.domain ?? "Program"}</p>
            <h3 className="mt-1 text-lg font-semibold">
              {/* The whole card opens the program's learning path. */}
              <AppLink href={learningPathPath(p)} className="after:absolute after:inset-0 hover:text-brand-700 focus:outline-none dark:hover:text-brand-100">
                {p.programName}
              </AppLink>
            </h3>
            <p className="mt-1 line-clamp-3 text-sm text-ink-muted dark:text-ink-dark-muted">{p.description}</p>
            <p className="mt-2 text-sm">
              {plural(p.totalCourses, "course")} · {formatDuration(p.totalCourseDurationInMinutes)} of video
            </p>
          </div>
        </article>
      ))}
    </div>
  );
}

/** One of the catalogue's filters: a choice kept in the address, or any. */
function FilterSelect(props: {
  label: string;
  value: string | undefined;
  anyLabel: string;
  options: { value: string; label: string }[];
  onChange: (value: string | undefined) => void;
}) {
  return (
    <label className="min-w-0">
      <span className="sr-only">{props.label}</span>
      <select
        value={props.value ?? ""}
        onChange={(e) => props.onChange(e.target.value || undefined)}
        className="w-full rounded-md border border-slate-300 bg-white px-3 py-2 dark:border-slate-600 dark:bg-surface-dark"
      >
        <option value="">{props.anyLabel}</option>
        {props.options.map((o) => (
          <option key={o.value} value={o.value}>
            {o.label}
          </option>
        ))}
      </select>
    </label>
  );
}

function CardSkeletons() {
  return (
    <div className="grid grid-cols-1 gap-4 sm:grid-cols-2 lg:grid-cols-3" aria-label="Loading courses">
      {Array.from({ length: 6 }, (_, i) => (
        <div key={i} className="skeleton h-72 rounded-card" />
      ))}
    </div>
  );
}

