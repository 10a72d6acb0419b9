"use client";

import { useMutation, useQueries, useQueryClient } from "@tanstack/react-query";
import { Download, Plus, Upload, X } from "lucide-react";
import { useTranslations } from "next-intl";
import { AppLink } from "@/components/ui/app-link";
import { useEffect, useId, useState } from "react";
import { StudioListHeader, StudioListBody, LoadMore } from "./studio-list";
import { errorCode, errorDetails } from "@/lib/api/errors";
import { useErrorText } from "@/components/i18n/use-error-text";
import { createPerson, getPeopleImportTemplate, importPeople, studioPeopleQueries, type ImportResult, type PeopleQuery } from "@/lib/api/studio-people";
import { showToast } from "@/components/ui/toast-store";
import { inputClass } from "@/components/studio-content/course-settings-fields";
import { expiryOf, invitationTone, LANGUAGES, PLANS, ROLES, USER_KINDS, useInvitationText, useValueLabel } from "./labels";
import { batchKeysOf, draftField, PersonChoiceFields } from "./person-fields";
import { CsvProblems } from "./csv-problems";
import { StudioNav } from "./studio-nav";
import { buttonClass } from "@/components/studio-people/studio-classes";

const SEARCH_PAUSE_MS = 250;

const secondaryClass =
  "inline-flex items-center gap-2 rounded-md px-4 py-2 text-sm font-semibold text-ink ring-1 ring-slate-300 hover:bg-slate-100 dark:text-ink-dark dark:ring-slate-600 dark:hover:bg-slate-800";

/** /studio/people: find people, add one, import a CSV file (checked first), see each invitation. */
export function PeoplePage() {
  const t = useTranslations("studioPeople.list");
  const invitationText = useInvitationText();
  const valueLabel = useValueLabel();
  const [filters, setFilters] = useState<PeopleQuery>({ limit: 50 });
  const [cursors, setCursors] = useState<(string | undefined)[]>([undefined]);
  const [panel, setPanel] = useState<"add" | "import" | null>(null);
  const pages = useQueries({ queries: cursors.map((cursor) => studioPeopleQueries.listPeople(filters, cursor)) });
  const first = pages[0]!;
  const last = pages.at(-1)!;
  const people = pages.flatMap((p) => p.data?.people ?? []);
  const setFilter = (patch: Partial<PeopleQuery>) => {
    setFilters((f) => ({ ...f, ...patch }));
    setCursors([undefined]);
  };
  // The search is asked for once typing pauses, not at every key.
  const [searchText, setSearchText] = useState("");
  useEffect(() => {
    const search = searchText.trim() || undefined;
    const timer = setTimeout(() => {
      setFilters((f) => (f.search === search ? f : { ...f, search }));
      setCursors((c) => (c.length === 1 ? c : [undefined]));
    }, SEARCH_PAUSE_MS);
    return () => clearTimeout(timer);
  }, [searchText]);

  return (
    <div className="space-y-6">
      <StudioNav />
      <StudioListHeader title={t("title")} description={t("description")}>
        <div className="flex flex-wrap gap-2">
          <button type="button" className={buttonClass} onClick={() => setPanel(panel === "add" ? null : "add")} aria-expanded={panel === "add"}>
            <Plus aria-hidden className="h-4 w-4" /> {t("add")}
          </button>
          <button type="button" className={secondaryClass} onClick={() => setPanel(panel === "import" ? null : "import")} aria-expanded={panel === "import"}>
            <Upload aria-hidden className="h-4 w-4" /> {t("import")}
          </button>
        </div>
      </StudioListHeader>

      {panel === "add" && <AddPersonForm onClose={() => setPanel(null)} />}
      {panel === "import" && <ImportPanel />}

      <form role="search" aria-label={t("find")} className="grid grid-cols-2 gap-3 md:grid-cols-6" onSubmit={(e) => e.preventDefault()}>
        <label className="col-span-2 text-sm font-medium">
          {t("search")}
          <input type="search" className={`${inputClass} mt-1`} placeholder={t("searchPlaceholder")} value={searchText} onChange={(e) => setSearchText(e.target.value)} />
        </label>
        <FilterSelect label={t("kind")} field="userKind" options={USER_KINDS} onChange={(v) => setFilter({ userKind: v as PeopleQuery["userKind"] })} />
        <FilterSelect label={t("plan")} field="plan" options={PLANS} onChange={(v) => setFilter({ plan: v as PeopleQuery["plan"] })} />
        <FilterSelect label={t("role")} field="role" options={ROLES} onChange={(v) => setFilter({ role: v as PeopleQuery["role"] })} />
        <FilterSelect label={t("status")} field="status" options={["active", "deactivated"] as const} onChange={(v) => setFilter({ status: v as PeopleQuery["status"] })} />
        <label className="col-span-2 text-sm font-medium md:col-span-2">
          {t("batch")}
          <input className={`${inputClass} mt-1`} placeholder={t("batchPlaceholder")} onBlur={(e) => setFilter({ batch: e.target.value.trim() || undefined })} />
        </label>
      </form>

      <StudioListBody
        query={first}
        loadingLabel={t("loading")}
        rows={4}
        rowClass="h-14"
        isEmpty={() => people.length === 0}
        empty={<p className="rounded-card bg-white p-6 text-center ring-1 ring-slate-200 dark:bg-surface-dark-muted dark:ring-slate-700">{t("empty")}</p>}
      >
        {() => (
          <ul aria-label={t("listLabel")} className="divide-y divide-slate-200 rounded-card bg-white ring-1 ring-slate-200 dark:divide-slate-700 dark:bg-surface-dark-muted dark:ring-slate-700">
            {people.map((person) => (
              <li key={person.id} className="flex flex-wrap items-center justify-between gap-2 p-4">
                <div className="min-w-0">
                  <AppLink href={`/studio/people/${person.id}`} className="font-semibold text-brand-700 hover:underline dark:text-brand-300">
                    {person.name}
                  </AppLink>
                  <p className="wrap-anywhere text-sm text-ink-muted dark:text-ink-dark-muted">{person.email}</p>
                  <p className="text-sm text-ink-muted dark:text-ink-dark-muted">
                    {valueLabel("userKind", person.userKind)} · {valueLabel("plan", person.plan)} · {valueLabel("role", person.role)}
                    {person.batches.length ? ` · ${person.batches.join(", ")}` : ""}
                    {person.status === "deactivated" ? ` · ${valueLabel("status", person.status)}` : ""}
                  </p>
                </div>
                <span className={`rounded-full px-2.5 py-1 text-xs font-semibold ${invitationTone(person.invitation)}`}>{invitationText(person.invitation)}</span>
              </li>
            ))}
          </ul>
        )}
      </StudioListBody>
      <LoadMore hasMore={!!last.data?.hasMore} onMore={() => setCursors((c) => [...c, last.data!.nextCursor ?? undefined])} loadingMore={last.isPending && cursors.length > 1} rowClass="h-14" />
    </div>
  );
}

function FilterSelect<T extends string>({
  label,
  field,
  options,
  onChange,
}: {
  label: string;
  field: "userKind" | "plan" | "role" | "status";
  options: readonly T[];
  onChange: (value: T | undefined) => void;
}) {
  const t = useTranslations("studioPeople.list");
  const valueLabel = useValueLabel();
  return (
    <label className="text-sm font-medium">
      {label}
      <select className={`${inputClass} mt-1`} onChange={(e) => onChange((e.target.value || undefined) as T | undefined)}>
        <option value="">{t("any")}</option>
        {options.map((o) => (
          <option key={o} value={o}>
            {valueLabel(field, o)}
          </option>
        ))}
      </select>
    </label>
  );
}

function AddPersonForm({ onClose }: { onClose: () => void }) {
  const t = useTranslations("studioPeople.add");
  const tStudio = useTranslations("studio.form");
  const errorText = useErrorText();
  const id = useId();
  const queryClient = useQueryClient();
  const [draft, setDraft] = useState({ email: "", name: "", userKind: "Customer", plan: "Basic", role: "learner", preferredLanguage: "English", batches: "", accessExpiry: "" });
  const add = useMutation({
    mutationFn: () =>
      createPerson({
        email: draft.email,
        name: draft.name,
        userKind: draft.userKind as (typeof USER_KINDS)[number],
        plan: draft.plan as (typeof PLANS)[number],
        role: draft.role as (typeof ROLES)[number],
        preferredLanguage: draft.preferredLanguage as (typeof LANGUAGES)[number],
        batches: batchKeysOf(draft.batches),
        accessExpiresAt: expiryOf(draft.accessExpiry),
        invite: true,
      }),
    onSuccess: async ({ person }) => {
      showToast({ title: t("addedTitle"), description: t("added", { email: person.email }) });
      await queryClient.invalidateQueries({ queryKey: studioPeopleQueries.all });
      onClose();
    },
  });
  const field = draftField(draft, setDraft);
  return (
    <form
      aria-labelledby={`${id}-title`}
      className="space-y-4 rounded-card bg-white p-4 ring-1 ring-slate-200 dark:bg-surface-dark-muted dark:ring-slate-700"
      onSubmit={(e) => {
        e.preventDefault();
        add.mutate();
      }}
    >
      <div className="flex items-center justify-between">
        <h2 id={`${id}-title`} className="text-lg font-semibold">
          {t("title")}
        </h2>
        <button type="button" onClick={onClose} aria-label={tStudio("close")} className="rounded-md p-1 hover:bg-slate-100 dark:hover:bg-slate-800">
          <X aria-hidden className="h-4 w-4" />
        </button>
      </div>
      <div className="grid grid-cols-2 gap-3 max-mobile:grid-cols-1">
        <label className="text-sm font-medium">
          {t("email")}
          <input type="email" required className={`${inputClass} mt-1`} {...field("email")} />
        </label>
        <label className="text-sm font-medium">
          {t("name")}
          <input required className={`${inputClass} mt-1`} {...field("name")} />
        </label>
        <PersonChoiceFields field={field} />
      </div>
      {add.isError && (
        <p role="alert" className="text-sm text-red-700 dark:text-red-300">
          {errorText(add.error)}
        </p>
      )}
      <button type="submit" className={buttonClass} disabled={add.isPending}>
        {add.isPending ? t("adding") : t("submit")}
      </button>
    </form>
  );
}

function ImportPanel() {
  const t = useTranslations("studioPeople.import");
  const errorText = useErrorText();
  const id = useId();
  const queryClient = useQueryClient();
  const [file, setFile] = useState<File | null>(null);
  const [result, setResult] = useState<ImportResult | null>(null);
  const run = useMutation({
    mutationFn: (dryRun: boolean) => importPeople(file!, dryRun),
    onSuccess: async (answer) => {
      setResult(answer);
      if (!answer.dryRun) {
        showToast({ title: t("importedTitle"), description: t("importedToast", { created: answer.created, invited: answer.invited }) });
        await queryClient.invalidateQueries({ queryKey: studioPeopleQueries.all });
      }
    },
    onError: (error) => {
      const details = errorDetails(error) as { problems?: ImportResult["problems"] } | undefined;
      if (errorCode(error) === "people_import_invalid" && details?.problems) setResult({ dryRun: false, rows: 0, created: 0, invited: 0, problems: details.problems });
    },
  });
  return (
    <section aria-labelledby={`${id}-title`} className="space-y-4 rounded-card bg-white p-4 ring-1 ring-slate-200 dark:bg-surface-dark-muted dark:ring-slate-700">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h2 id={`${id}-title`} className="text-lg font-semibold">
          {t("title")}
        </h2>
        <button type="button" className={secondaryClass} onClick={() => getPeopleImportTemplate().catch((e) => showToast({ title: t("templateTitle"), description: errorText(e), variant: "destructive" }))}>
          <Download aria-hidden className="h-4 w-4" /> {t("template")}
        </button>
      </div>
      <p className="text-sm text-ink-muted dark:text-ink-dark-muted">
        {t("columns")}
      </p>
      <label className="block text-sm font-medium">
        {t("file")}
        <input
          type="file"
          accept=".csv,text/csv"
          className="mt-1 block w-full text-sm"
          onChange={(e) => {
            setFile(e.target.files?.[0] ?? null);
            setResult(null);
          }}
        />
      </label>
      <div className="flex flex-wrap gap-2">
        <button type="button" className={secondaryClass} disabled={!file || run.isPending} onClick={() => run.mutate(true)}>
          {t("check")}
        </button>
        <button type="button" className={buttonClass} disabled={!file || run.isPending || !result?.dryRun || result.problems.length > 0} onClick={() => run.mutate(false)}>
          {t("import")}
        </button>
      </div>
      {run.isError && errorCode(run.error) !== "people_import_invalid" && (
        <p role="alert" className="text-sm text-red-700 dark:text-red-300">
          {errorText(run.error)}
        </p>
      )}
      {result && (
        <div role="status" className="space-y-2">
          {result.problems.length === 0 ? (
            <p className="text-sm font-medium">
              {result.dryRun ? t("good", { created: result.created }) : t("imported", { created: result.created, invited: result.invited })}
            </p>
          ) : (
            <CsvProblems problems={result.problems} nothingDone={t("nothingImported")} />
          )}
        </div>
      )}
    </section>
  );
}
