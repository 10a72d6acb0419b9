"use client";

import { useTranslations } from "next-intl";
import { useRouter } from "next/navigation";
import { useEffect, useState } from "react";
import { usePagePath } from "@/hooks/use-address";
import { Pager } from "@/components/ui/pager";
import { DURATION_FILTERS, type DurationFilter } from "@/lib/contract/filters";
import { CATALOGUE_TABS as TABS, type CatalogueState, type CatalogueTab } from "./catalogue-state";

/**
 * The catalogue's state lives in its address: a change replaces the address and the server draws the
 * list it names. `changes` are set (or removed when undefined); any change but a page goes back to page 1.
 */
function useCatalogueAddress() {
  const router = useRouter();
  const pathname = usePagePath();
  return (changes: Record<string, string | undefined>) => {
    // The address as it is now, not as a render saw it: the search box's delayed update may run after
    // another change (Clear filters) and must not bring back what that change removed.
    const next = new URLSearchParams(window.location.search);
    for (const [k, v] of Object.entries(changes)) {
      if (v) next.set(k, v);
      else next.delete(k);
    }
    if (!("page" in changes)) next.delete("page");
    const query = next.toString();
    router.replace(query ? `${pathname}?${query}` : pathname, { scroll: false });
  };
}

/** Each duration filter's words (its value, kept in the address, is the English one). */
const DURATION_KEYS: Record<DurationFilter, "lessThan10" | "from10To20" | "moreThan20"> = {
  "Less than 10 hours": "lessThan10",
  "10 - 20 hours": "from10To20",
  "Greater than 20 hours": "moreThan20",
};

/** What each tab counts with the filters chosen; undefined when the count could not be loaded. */
export type TabCounts = Partial<Record<CatalogueTab, number>>;

/** The tabs, the search box and the filters: the catalogue's only code that runs in the browser, with Enroll and the pager. */
export function CatalogueControls({ state, counts, domains }: { state: CatalogueState; counts: TabCounts; domains: { domain: string; courseCount: number }[] }) {
  const t = useTranslations("catalogue.controls");
  const update = useCatalogueAddress();
  const { tab, domain, duration, q } = state;
  const [search, setSearch] = useState(q);
  // The address's search changed without this box (Clear filters, Back): the box follows it.
  const [addressQ, setAddressQ] = useState(q);
  if (addressQ !== q) {
    setAddressQ(q);
    if (search.trim() !== q) setSearch(q);
  }

  // Typing waits a moment before the address (and the list) follows.
  useEffect(() => {
    if (search.trim() === q) return;
    const timer = window.setTimeout(() => update({ q: search.trim() || undefined }), 300);
    return () => window.clearTimeout(timer);
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [search]);

  const searchLabel = tab === "programs" ? t("searchPrograms") : t("searchCourses");
  return (
    <>
      <div role="tablist" aria-label={t("tabsLabel")} className="mt-4 flex gap-1 border-b border-slate-200 dark:border-slate-700">
        {TABS.map((item) => (
          <button
            key={item.key}
            role="tab"
            type="button"
            aria-selected={tab === item.key}
            aria-controls="catalogue-panel"
            onClick={() => update({ tab: item.key === "all" ? undefined : item.key })}
            className={`min-w-0 flex-1 border-b-2 px-2 py-2 text-sm font-medium sm:flex-none sm:px-4 ${
              tab === item.key ? "border-brand-600 text-brand-700 dark:text-brand-100" : "border-transparent text-ink-muted hover:text-ink dark:text-ink-dark-muted dark:hover:text-ink-dark"
            }`}
          >
            {t(`tabs.${item.key}`)}
            {counts[item.key] !== undefined && <span className="ml-1.5 inline-block rounded-full bg-slate-100 px-2 text-xs text-slate-800 dark:bg-slate-700 dark:text-slate-100">{counts[item.key]}</span>}
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
            label={t("domain")}
            value={domain}
            anyLabel={t("allDomains")}
            options={domains.map((d) => ({ value: d.domain, label: `${d.domain} (${d.courseCount})` }))}
            onChange={(value) => update({ domain: value })}
          />
        )}
        {tab !== "programs" && (
          <FilterSelect
            label={t("duration")}
            value={duration}
            anyLabel={t("anyDuration")}
            options={DURATION_FILTERS.map((d) => ({ value: d, label: t(`durations.${DURATION_KEYS[d]}`) }))}
            onChange={(value) => update({ duration: value })}
          />
        )}
      </form>
    </>
  );
}

/** Clears the search and the filters, for a list they emptied. */
export function ClearFiltersButton() {
  const t = useTranslations("catalogue.controls");
  const update = useCatalogueAddress();
  return (
    <button
      type="button"
      onClick={() => update({ q: undefined, domain: undefined, duration: undefined })}
      className="mt-3 rounded-md border border-brand-600 px-4 py-2 text-sm font-semibold text-brand-700 hover:bg-brand-50 dark:text-brand-100 dark:hover:bg-brand-900"
    >
      {t("clearFilters")}
    </button>
  );
}

/** Previous and Next between the list's pages. */
export function CataloguePager({ page, shownPage, totalPages }: { page: number; shownPage: number; totalPages: number }) {
  const update = useCatalogueAddress();
  return <Pager page={page} shownPage={shownPage} totalPages={totalPages} onPage={(p) => update({ page: String(p) })} />;
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
