"use client";

import { useQueries } from "@tanstack/react-query";
import { X } from "lucide-react";
import { useFormatter, useTranslations } from "next-intl";
import { useState } from "react";
import { AppLink } from "@/components/ui/app-link";
import { StudioListHeader, StudioListBody, LoadMore } from "./studio-list";
import { studioPeopleQueries, type AuditEntry, type AuditQuery } from "@/lib/api/studio-people";
import { inputClass } from "@/components/studio-content/course-settings-fields";
import { StudioNav } from "./studio-nav";

/** Kinds of write the studio records, offered as suggestions (any kind may be typed). */
const KNOWN_KINDS = [
  "person.create",
  "person.update",
  "person.deactivate",
  "person.reactivate",
  "person.import",
  "person.invite",
  "person.grant",
  "person.career-services",
  "person.export",
  "person.delete",
  "enrollment.create",
  "enrollment.version",
  "purchase.grant",
  "purchase.decline",
  "submission.assign",
  "submission.reassign",
  "submission.unassign",
  "program.create",
  "program.update",
  "program.delete",
  "batch.create",
  "batch.update",
  "batch.delete",
  "batch.members.add",
  "batch.members.remove",
  "company.create",
  "company.update",
  "company.delete",
  "session.create",
  "session.update",
  "session.cancel",
  "course.create",
  "course.settings",
  "course.publish",
  "course.archive",
  "course.unarchive",
  "outline.add",
  "outline.move",
  "outline.rename",
  "outline.delete",
  "item.update",
  "job.retry",
];

type Person = { id: string; email: string; name: string };
export interface AuditFilters {
  actor?: Person | { id: string };
  target?: Person | { id: string };
}

/** A time as the browser's clock reads it (the administrator's own time zone), as it always was shown. */
const localTimeZone = () => Intl.DateTimeFormat().resolvedOptions().timeZone;
/** A day picked in the date input, as the start of that day in the administrator's own time zone. */
const dayStart = (day: string) => (day ? new Date(`${day}T00:00:00`).toISOString() : undefined);
const nextDayStart = (day: string) => (day ? new Date(new Date(`${day}T00:00:00`).getTime() + 24 * 60 * 60 * 1000).toISOString() : undefined);

/** /studio/audit: every studio write, newest first, filtered by who did it, whom it changed, kind and days. */
export function AuditPage({ initial = {} }: { initial?: AuditFilters }) {
  const t = useTranslations("studioPeople.audit");
  const personLabel = (p: Person | { id: string }) => ("email" in p ? `${p.name} <${p.email}>` : t("thisPerson"));
  const [actor, setActor] = useState(initial.actor);
  const [target, setTarget] = useState(initial.target);
  const [kind, setKind] = useState("");
  const [fromDay, setFromDay] = useState("");
  const [toDay, setToDay] = useState("");
  const query: AuditQuery = {
    limit: 50,
    ...(actor ? { actor: actor.id } : {}),
    ...(target ? { target: target.id } : {}),
    ...(kind.trim() ? { kind: kind.trim() } : {}),
    ...(fromDay ? { from: dayStart(fromDay) } : {}),
    ...(toDay ? { to: nextDayStart(toDay) } : {}),
  };
  const [cursors, setCursors] = useState<{ key: string; list: (string | undefined)[] }>({ key: "", list: [undefined] });
  const queryKey = JSON.stringify(query);
  const pageCursors = cursors.key === queryKey ? cursors.list : [undefined];
  const pages = useQueries({ queries: pageCursors.map((cursor) => studioPeopleQueries.listAudit(query, cursor)) });
  const first = pages[0]!;
  const last = pages.at(-1)!;
  const entries = pages.flatMap((p) => p.data?.entries ?? []);
  // A filter opened from a link knows only the person's id: their name comes with the entries.
  const named = (p: Person | { id: string }): Person | { id: string } =>
    "email" in p ? p : (entries.map((e) => (e.actor?.id === p.id ? e.actor : e.target?.id === p.id ? e.target : null)).find(Boolean) ?? p);

  return (
    <div className="space-y-6">
      <StudioNav />
      <StudioListHeader
        title={t("title")}
        readableWidth
        description={t("description")}
      />

      <form aria-label={t("filter")} className="grid grid-cols-3 gap-3 max-tablet:grid-cols-2 max-mobile:grid-cols-1 lg:max-w-3xl" onSubmit={(e) => e.preventDefault()}>
        <label className="text-sm font-medium">
          {t("kind")}
          <input className={`${inputClass} mt-1`} list="audit-kinds" placeholder={t("kindPlaceholder")} value={kind} onChange={(e) => setKind(e.target.value)} />
          <datalist id="audit-kinds">
            {KNOWN_KINDS.map((k) => (
              <option key={k} value={k} />
            ))}
          </datalist>
        </label>
        <label className="text-sm font-medium">
          {t("fromDay")}
          <input type="date" className={`${inputClass} mt-1`} value={fromDay} onChange={(e) => setFromDay(e.target.value)} />
        </label>
        <label className="text-sm font-medium">
          {t("toDay")}
          <input type="date" className={`${inputClass} mt-1`} value={toDay} onChange={(e) => setToDay(e.target.value)} />
        </label>
      </form>
      {(actor || target) && (
        <ul aria-label={t("peopleFilters")} className="flex flex-wrap gap-2">
          {actor && <FilterChip label={t("doneBy", { person: personLabel(named(actor)) })} onRemove={() => setActor(undefined)} />}
          {target && <FilterChip label={t("changesTo", { person: personLabel(named(target)) })} onRemove={() => setTarget(undefined)} />}
        </ul>
      )}

      <StudioListBody
        query={first}
        loadingLabel={t("loading")}
        rows={4}
        isEmpty={() => entries.length === 0}
        empty={<p className="rounded-card bg-white p-6 text-center ring-1 ring-slate-200 dark:bg-surface-dark-muted dark:ring-slate-700">{t("empty")}</p>}
      >
        {() => (
          <ol aria-label={t("entries")} className="divide-y divide-slate-200 rounded-card bg-white ring-1 ring-slate-200 dark:divide-slate-700 dark:bg-surface-dark-muted dark:ring-slate-700">
            {entries.map((entry) => (
              <EntryRow key={entry.id} entry={entry} onActor={setActor} onTarget={setTarget} />
            ))}
          </ol>
        )}
      </StudioListBody>
      <LoadMore
        hasMore={!!last.data?.hasMore}
        onMore={() => setCursors({ key: queryKey, list: [...pageCursors, last.data!.nextCursor ?? undefined] })}
        loadingMore={last.isPending && pageCursors.length > 1}
      />
    </div>
  );
}

function FilterChip({ label, onRemove }: { label: string; onRemove: () => void }) {
  const t = useTranslations("studioPeople.audit");
  return (
    <li className="inline-flex max-w-full items-center gap-1 rounded-full bg-brand-50 py-1 pl-3 pr-1 text-sm text-brand-900 ring-1 ring-brand-200 dark:bg-brand-900/40 dark:text-brand-100 dark:ring-brand-700">
      <span className="wrap-anywhere">{label}</span>
      <button type="button" onClick={onRemove} aria-label={t("removeFilter", { label })} className="rounded-full p-1 hover:bg-brand-100 dark:hover:bg-brand-800">
        <X aria-hidden className="h-3.5 w-3.5" />
      </button>
    </li>
  );
}

function EntryRow({ entry, onActor, onTarget }: { entry: AuditEntry; onActor: (p: Person) => void; onTarget: (p: Person) => void }) {
  const t = useTranslations("studioPeople.audit");
  const format = useFormatter();
  const changes = changedFields(entry.before, entry.after, t("none"));
  const linkClass = "font-medium text-brand-700 underline-offset-2 hover:underline dark:text-brand-300";
  return (
    <li className="space-y-1 p-4">
      <div className="flex flex-wrap items-baseline justify-between gap-x-4 gap-y-1">
        <p className="break-words font-semibold">{entry.summary}</p>
        <code className="rounded bg-slate-100 px-1.5 py-0.5 text-xs dark:bg-slate-800">{entry.kind}</code>
      </div>
      <p className="text-sm text-ink-muted dark:text-ink-dark-muted">
        <time dateTime={entry.at}>{format.dateTime(new Date(entry.at), { dateStyle: "medium", timeStyle: "medium", timeZone: localTimeZone() })}</time> ·{" "}
        {entry.actor
          ? t.rich("byActor", {
              name: entry.actor.name,
              actor: (chunks) => (
                <button type="button" className={linkClass} onClick={() => onActor(entry.actor!)} title={t("onlyBy")}>
                  {chunks}
                </button>
              ),
            })
          : t("byOperator")}
        {entry.target && (
          <>
            {" "}
            ·{" "}
            {t.rich("toTarget", {
              name: entry.target.name,
              target: (chunks) => (
                <button type="button" className={linkClass} onClick={() => onTarget(entry.target!)} title={t("onlyTo")}>
                  {chunks}
                </button>
              ),
              open: (chunks) => (
                <AppLink href={`/studio/people/${entry.target!.id}`} className={linkClass}>
                  {chunks}
                </AppLink>
              ),
            })}
          </>
        )}
        {entry.courseId && (
          <>
            {" "}
            ·{" "}
            <AppLink href={`/studio/courses/${entry.courseId}/outline`} className={linkClass}>
              {t("course")}
            </AppLink>
          </>
        )}
      </p>
      {changes.length > 0 && (
        <details className="text-sm">
          <summary className="cursor-pointer text-ink-muted dark:text-ink-dark-muted">{t("beforeAfter")}</summary>
          <div className="mt-2 overflow-x-auto">
            <table className="w-full text-left text-sm">
              <thead>
                <tr className="border-b border-slate-200 dark:border-slate-700">
                  <th scope="col" className="py-1 pr-4">
                    {t("field")}
                  </th>
                  <th scope="col" className="py-1 pr-4">
                    {t("before")}
                  </th>
                  <th scope="col" className="py-1">
                    {t("after")}
                  </th>
                </tr>
              </thead>
              <tbody>
                {changes.map(([field, before, after]) => (
                  <tr key={field} className="border-b border-slate-100 align-top dark:border-slate-800">
                    <td className="py-1 pr-4 font-mono">{field}</td>
                    <td className="wrap-anywhere py-1 pr-4">{before}</td>
                    <td className="wrap-anywhere py-1">{after}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        </details>
      )}
    </li>
  );
}

const shown = (value: unknown, none: string) => (value === undefined ? "" : value === null ? none : typeof value === "string" ? value : JSON.stringify(value));

/** The fields a write recorded, with their value before and after (a field on one side only shows empty on the other). */
function changedFields(before: unknown, after: unknown, none: string): [string, string, string][] {
  const b = (before && typeof before === "object" ? before : {}) as Record<string, unknown>;
  const a = (after && typeof after === "object" ? after : {}) as Record<string, unknown>;
  const keys = [...new Set([...Object.keys(b), ...Object.keys(a)])];
  return keys.map((key) => [key, shown(b[key], none), shown(a[key], none)]);
}
