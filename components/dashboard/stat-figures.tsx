import { useTranslations } from "next-intl";
import { AppLink } from "@/components/ui/app-link";
import type { DashboardStats } from "@/lib/contract/entities/dashboard";
import { courseListHref } from "./course-filter";
import { useDuration } from "@/components/i18n/use-duration";
import { InPageLink } from "./in-page-link";
import { Section } from "./section";

const figureClass =
  "group flex h-full flex-col justify-between rounded-card bg-white p-4 ring-1 ring-slate-200 hover:ring-brand-500 focus-visible:ring-brand-500 dark:bg-surface-dark-muted dark:ring-slate-700";

/** One figure; `name` is its English name in kebab case ("courses-enrolled"), which names its test id in every language. */
function Figure({ name, value, label, hint, href, inPage }: { name: string; value: string; label: string; hint: string; href: string; inPage: boolean }) {
  const body = (
    <>
      <span className="text-3xl font-bold tabular-nums" data-testid={`figure-${name}`}>
        {value}
      </span>
      <span className="mt-1 text-sm font-medium">{label}</span>
      <span className="mt-1 text-xs text-ink-muted group-hover:text-brand-700 dark:text-ink-dark-muted dark:group-hover:text-brand-100">{hint}</span>
    </>
  );
  return (
    <li>
      {inPage ? (
        <InPageLink href={href} className={figureClass}>
          {body}
        </InPageLink>
      ) : (
        <AppLink href={href} className={figureClass}>
          {body}
        </AppLink>
      )}
    </li>
  );
}

/** The learner's figures; each links to what it counts (see docs/dashboard.md). */
export function StatFigures({ stats }: { stats: DashboardStats }) {
  const t = useTranslations("dashboard.figures");
  const duration = useDuration();
  return (
    <Section id="figures" title={t("title")}>
      <ul className="grid grid-cols-3 gap-3 max-tablet:grid-cols-2">
        <Figure name="courses-enrolled" value={String(stats.coursesEnrolled)} label={t("enrolled")} hint={t("enrolledHint")} href={courseListHref({})} inPage />
        <Figure
          name="courses-completed"
          value={String(stats.coursesCompleted)}
          label={t("completed")}
          hint={t("completedHint")}
          href={courseListHref({ status: "completed" })}
          inPage
        />
        {/* In the duration every page uses: a few minutes of watching would read "0" in hours. */}
        <Figure
          name="time-learned"
          value={duration(stats.totalSecondsLearned / 60)}
          label={t("timeLearned")}
          hint={t("timeLearnedHint")}
          href="/dashboard#learning-time"
          inPage
        />
        <Figure
          name="challenges-submitted"
          value={String(stats.totalChallengesSubmitted)}
          label={t("challenges")}
          hint={t("challengesHint")}
          href="/dashboard#challenges"
          inPage
        />
        <Figure name="badges-earned" value={String(stats.badgesEarned)} label={t("badges")} hint={t("badgesHint")} href="/achivements" inPage={false} />
        <Figure name="certificates-earned" value={String(stats.certificatesEarned)} label={t("certificates")} hint={t("certificatesHint")} href="/certificates" inPage={false} />
      </ul>
      {stats.domainCounts.length > 0 && (
        <div className="mt-4">
          <h3 className="text-sm font-medium text-ink-muted dark:text-ink-dark-muted">{t("byDomain")}</h3>
          <ul className="mt-2 flex flex-wrap gap-2">
            {stats.domainCounts.map((d) => (
              <li key={d.domain}>
                <InPageLink
                  href={courseListHref({ domain: d.domain })}
                  className="inline-flex items-center gap-2 rounded-full bg-white px-3 py-1 text-sm ring-1 ring-slate-200 hover:ring-brand-500 dark:bg-surface-dark-muted dark:ring-slate-700"
                >
                  {d.domain}
                  <span className="rounded-full bg-brand-50 px-2 font-semibold text-brand-900 tabular-nums">{d.count}</span>
                </InPageLink>
              </li>
            ))}
          </ul>
        </div>
      )}
    </Section>
  );
}
