import { useTranslations } from "next-intl";
import { AppLink } from "@/components/ui/app-link";
import { PartFailed } from "@/components/ui/part-failed";
import type { CourseCard as CourseCardData } from "@/lib/contract/entities/catalogue";
import type { BundledProgram } from "@/lib/contract/entities/shared";
import { durationMessage } from "@/lib/i18n/duration";
import { learningPathPath } from "@/lib/learning-path-address";
import type { Part } from "@/lib/page-part";
import { CatalogueControls, CataloguePager, ClearFiltersButton, type TabCounts } from "./catalogue-controls";
import type { CatalogueState } from "./catalogue-state";
import { CourseCard, coverLoading } from "./course-card";

/** What the catalogue shows, as the server loaded it for the address's state. */
export interface CatalogueParts {
  /** The courses of the chosen tab (with the page the server answered), or the programs on the programs tab. */
  list: Part<{ kind: "courses"; results: CourseCardData[]; currentPageNumber: number; totalPages: number } | { kind: "programs"; programs: BundledProgram[] }>;
  counts: TabCounts;
  domains: { domain: string; courseCount: number }[];
}

/**
 * The catalogue, drawn by the server for the state in its address: the tabs with their counts, the
 * search and filters (the part that runs in the browser: a change replaces the address, and the
 * server draws the new list in place), and the list.
 */
export function CourseCatalogue({ state, parts }: { state: CatalogueState; parts: CatalogueParts }) {
  const t = useTranslations("catalogue");
  const { tab, duration, q, domain } = state;
  const filtered = Boolean(q || domain || duration);
  const { list } = parts;
  return (
    <div>
      <h1 className="text-2xl font-bold">{t("title")}</h1>
      <CatalogueControls state={state} counts={parts.counts} domains={parts.domains} />
      <div id="catalogue-panel" className="mt-6" role="tabpanel" aria-live="polite">
        {"error" in list ? (
          <PartFailed message={list.error} />
        ) : list.data.kind === "programs" ? (
          list.data.programs.length === 0 ? (
            <EmptyList text={t("list.noProgram")} clearable={filtered} />
          ) : (
            <ProgramList programs={list.data.programs} />
          )
        ) : list.data.results.length === 0 ? (
          // The in-progress list takes the search and the duration, not the domain.
          tab === "in-progress" && !q && !duration ? (
            <EmptyList text={t("list.noneInProgress")} clearable={false} />
          ) : (
            <EmptyList text={t("list.noCourse")} clearable={filtered} />
          )
        ) : (
          <>
            <div className="grid grid-cols-1 gap-4 sm:grid-cols-2 lg:grid-cols-3" data-testid="course-list">
              {list.data.results.map((c, i) => (
                // The first row holds up to three cards (one on a phone).
                <CourseCard key={c.courseId} course={c} cover={coverLoading(i, 3)} />
              ))}
            </div>
            <CataloguePager page={state.page} shownPage={list.data.currentPageNumber} totalPages={list.data.totalPages} />
          </>
        )}
      </div>
    </div>
  );
}

/** An empty list, with the way out when filters emptied it. */
function EmptyList({ text, clearable }: { text: string; clearable: boolean }) {
  return (
    <div className="rounded-card bg-white p-6 text-center ring-1 ring-slate-200 dark:bg-surface-dark-muted dark:ring-slate-700">
      <p>{text}</p>
      {clearable && <ClearFiltersButton />}
    </div>
  );
}

function ProgramList({ programs }: { programs: BundledProgram[] }) {
  const t = useTranslations("catalogue.list");
  const tDuration = useTranslations("common.duration");
  const duration = (minutes: number) => {
    const { key, values } = durationMessage(minutes);
    return tDuration(key, values);
  };
  return (
    <div className="grid grid-cols-1 gap-4 sm:grid-cols-2">
      {programs.map((p, i) => (
        <article key={p.programId} className="render-near-view relative overflow-hidden rounded-card bg-white ring-1 ring-slate-200 focus-within:ring-2 focus-within:ring-brand-600 dark:bg-surface-dark-muted dark:ring-slate-700">
          {p.programImage && (
            // eslint-disable-next-line @next/next/no-img-element
            <img src={p.programImage} alt="" className="aspect-[16/7] w-full object-cover" {...coverLoading(i, 2)} />
          )}
          <div className="p-4">
            <p className="text-xs font-medium text-ink-muted dark:text-ink-dark-muted">{p.domain ?? t("program")}</p>
            <h3 className="mt-1 text-lg font-semibold">
              {/* The whole card opens the program's learning path. */}
              <AppLink href={learningPathPath(p)} className="after:absolute after:inset-0 hover:text-brand-700 focus:outline-none dark:hover:text-brand-100">
                {p.programName}
              </AppLink>
            </h3>
            <p className="mt-1 line-clamp-3 text-sm text-ink-muted dark:text-ink-dark-muted">{p.description}</p>
            <p className="mt-2 text-sm">
              {t("programSize", { count: p.totalCourses, duration: duration(p.totalCourseDurationInMinutes) })}
            </p>
          </div>
        </article>
      ))}
    </div>
  );
}
