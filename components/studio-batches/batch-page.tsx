"use client";

import { useMutation, useQueries, useQuery, useQueryClient } from "@tanstack/react-query";
import { Search, Trash2, Upload, UserMinus, UserPlus } from "lucide-react";
import { useTranslations } from "next-intl";
import { useRouter } from "next/navigation";
import { useEffect, useId, useState } from "react";
import { AppLink } from "@/components/ui/app-link";
import { Skeleton } from "@/components/ui/skeleton";
import { showToast } from "@/components/ui/toast-store";
import { StudioDetailFrame, StudioDetailTitle } from "@/components/studio-people/studio-detail-frame";
import { inputClass } from "@/components/studio-content/course-settings-fields";
import { useErrorText } from "@/components/i18n/use-error-text";
import { errorCode, errorDetails } from "@/lib/api/errors";
import { addBatchMembers, deleteBatch, importBatchMembers, removeBatchMember, studioBatchesQueries, updateBatch, type BatchMembersImportResult, type StudioBatch } from "@/lib/api/studio-batches";
import { studioPeopleQueries } from "@/lib/api/studio-people";
import { accountExpiresAtOf, BatchFields, buttonClass, draftOf, panelClass, secondaryClass, startsAtOf, useEnrollmentLabel, type BatchDraft } from "./batch-fields";
import { CsvProblems } from "@/components/studio-people/csv-problems";

const SEARCH_PAUSE_MS = 250;
const dangerClass = "inline-flex items-center gap-2 rounded-md bg-red-700 px-4 py-2 text-sm font-semibold text-white hover:bg-red-800 disabled:opacity-60";

/** /studio/batches/{id}: a batch's settings, its members (remove one), and adding people from a search or a CSV file of e-mails. */
export function BatchPage({ id }: { id: string }) {
  const t = useTranslations("studioBatches.page");
  const enrollmentLabel = useEnrollmentLabel();
  const [memberText, setMemberText] = useState("");
  const [memberSearch, setMemberSearch] = useState("");
  useEffect(() => {
    const timer = setTimeout(() => setMemberSearch(memberText.trim()), SEARCH_PAUSE_MS);
    return () => clearTimeout(timer);
  }, [memberText]);
  // The pages loaded so far, for the search they were loaded for: a new search starts at its first page.
  const [loaded, setLoaded] = useState<{ search: string; cursors: (string | undefined)[] }>({ search: "", cursors: [undefined] });
  const cursors = loaded.search === memberSearch ? loaded.cursors : [undefined];
  const pages = useQueries({
    queries: cursors.map((cursor) => ({ ...studioBatchesQueries.getBatch(id, cursor, memberSearch), placeholderData: (previous: unknown) => previous as never })),
  });
  const first = pages[0]!;
  const last = pages.at(-1)!;
  const members = pages.flatMap((p) => p.data?.members ?? []);
  return (
    <StudioDetailFrame back={{ href: "/studio/batches", label: t("back") }} query={first} item={first.data?.batch}>
      {(batch) => (
        <>
          <StudioDetailTitle title={batch.name}>
            <p className="wrap-anywhere text-ink-muted dark:text-ink-dark-muted">
              <span className="font-mono">{batch.key}</span> · {batch.program?.name ?? t("noProgram")} · {enrollmentLabel(batch.enrollmentType)}
            </p>
          </StudioDetailTitle>
          <BatchSettings key={JSON.stringify(batch)} batch={batch} />

          <section aria-labelledby="batch-members" className="space-y-3">
            <h2 id="batch-members" className="text-lg font-semibold">
              {t("membersTitle", { count: batch.memberCount })}
            </h2>
            <AddFromSearch batch={batch} memberIds={new Set(members.map((m) => m.id))} />
            <AddFromCsv batch={batch} />
            {batch.memberCount > 0 && (
              <label className="block text-sm font-medium">
                {t("findMember")}
                <span className="relative mt-1 block">
                  <Search aria-hidden className="pointer-events-none absolute top-1/2 left-3 h-4 w-4 -translate-y-1/2 text-ink-muted dark:text-ink-dark-muted" />
                  <input type="search" className={`${inputClass} pl-9`} placeholder={t("searchPlaceholder")} value={memberText} onChange={(e) => setMemberText(e.target.value)} />
                </span>
              </label>
            )}
            {members.length === 0 ? (
              <p className={`${panelClass} text-center`}>{memberSearch ? t("noMatch", { search: memberSearch }) : t("noMembers")}</p>
            ) : (
              <ul aria-label={t("membersLabel")} className="divide-y divide-slate-200 rounded-card bg-white ring-1 ring-slate-200 dark:divide-slate-700 dark:bg-surface-dark-muted dark:ring-slate-700">
                {members.map((member) => (
                  <MemberRow key={member.id} batch={batch} member={member} />
                ))}
              </ul>
            )}
            {last.data?.hasMore && (
              <button type="button" className={secondaryClass} onClick={() => setLoaded({ search: memberSearch, cursors: [...cursors, last.data!.nextCursor ?? undefined] })}>
                {t("loadMore")}
              </button>
            )}
          </section>
          <DeleteBatch batch={batch} />
        </>
      )}
    </StudioDetailFrame>
  );
}

function BatchSettings({ batch }: { batch: StudioBatch }) {
  const t = useTranslations("studioBatches.page.settings");
  const errorText = useErrorText();
  const id = useId();
  const queryClient = useQueryClient();
  const [draft, setDraft] = useState<BatchDraft>(draftOf(batch));
  const save = useMutation({
    mutationFn: () =>
      updateBatch({
        id: batch.id,
        name: draft.name,
        ...(draft.programId ? { programId: draft.programId } : {}),
        enrollmentType: draft.enrollmentType,
        startsAt: startsAtOf(draft.startDate),
        accountExpiresAt: accountExpiresAtOf(draft.lastDay),
        allowManualVideoCompletion: draft.allowManualVideoCompletion,
      }),
    onSuccess: async ({ batch: saved }) => {
      showToast({ title: t("savedTitle"), description: t("savedText", { name: saved.name }) });
      await queryClient.invalidateQueries({ queryKey: studioBatchesQueries.all });
    },
  });
  return (
    <form
      aria-label={t("label")}
      className={`${panelClass} space-y-4`}
      onSubmit={(e) => {
        e.preventDefault();
        save.mutate();
      }}
    >
      <div className="grid grid-cols-2 gap-3 max-mobile:grid-cols-1">
        <BatchFields idPrefix={id} draft={draft} setDraft={setDraft} />
      </div>
      {save.isError && (
        <p role="alert" className="text-sm text-red-700 dark:text-red-300">
          {errorText(save.error)}
        </p>
      )}
      <button type="submit" className={buttonClass} disabled={save.isPending}>
        {save.isPending ? t("saving") : t("save")}
      </button>
    </form>
  );
}

/** Deletes a batch never used; one in use is refused with the reason (end it by its last day of access instead). */
function DeleteBatch({ batch }: { batch: StudioBatch }) {
  const t = useTranslations("studioBatches.page.delete");
  const errorText = useErrorText();
  const router = useRouter();
  const queryClient = useQueryClient();
  const [confirming, setConfirming] = useState(false);
  const remove = useMutation({
    mutationFn: () => deleteBatch({ id: batch.id }),
    onSuccess: async () => {
      showToast({ title: t("doneTitle"), description: t("doneText", { key: batch.key }) });
      await queryClient.invalidateQueries({ queryKey: studioBatchesQueries.all });
      router.replace("/studio/batches");
    },
  });
  return (
    <section aria-labelledby="batch-delete" className={`${panelClass} space-y-3`}>
      <h2 id="batch-delete" className="text-lg font-semibold">
        {t("title")}
      </h2>
      <p className="text-sm text-ink-muted dark:text-ink-dark-muted">
        {t("explanation")}
      </p>
      {remove.isError && (
        <p role="alert" className="text-sm text-red-700 dark:text-red-300">
          {errorText(remove.error)}
        </p>
      )}
      {confirming ? (
        <div className="flex flex-wrap gap-2">
          <button type="button" className={dangerClass} disabled={remove.isPending} onClick={() => remove.mutate()}>
            <Trash2 aria-hidden className="h-4 w-4" /> {remove.isPending ? t("deleting") : t("confirm", { key: batch.key })}
          </button>
          <button type="button" className={secondaryClass} onClick={() => setConfirming(false)}>
            {t("cancel")}
          </button>
        </div>
      ) : (
        <button type="button" className={secondaryClass} onClick={() => setConfirming(true)}>
          <Trash2 aria-hidden className="h-4 w-4" /> {t("open")}
        </button>
      )}
    </section>
  );
}

function MemberRow({ batch, member }: { batch: StudioBatch; member: { id: string; email: string; name: string; addedAt: string } }) {
  const t = useTranslations("studioBatches.page.member");
  const errorText = useErrorText();
  const queryClient = useQueryClient();
  const remove = useMutation({
    mutationFn: () => removeBatchMember({ id: batch.id, userId: member.id }),
    onSuccess: async () => {
      showToast({ title: t("removedTitle"), description: t("removedText", { email: member.email, batch: batch.name }) });
      await queryClient.invalidateQueries({ queryKey: studioBatchesQueries.all });
    },
    onError: (error) => showToast({ title: t("notRemoved"), description: errorText(error), variant: "destructive" }),
  });
  return (
    <li className="flex flex-wrap items-center justify-between gap-2 p-3">
      <div className="min-w-0">
        <AppLink href={`/studio/people/${member.id}`} className="font-semibold text-brand-700 hover:underline dark:text-brand-300">
          {member.name}
        </AppLink>
        <p className="wrap-anywhere text-sm text-ink-muted dark:text-ink-dark-muted">{member.email}</p>
      </div>
      <button type="button" className={secondaryClass} disabled={remove.isPending} onClick={() => remove.mutate()} aria-label={t("removeLabel", { email: member.email })}>
        <UserMinus aria-hidden className="h-4 w-4" /> {t("remove")}
      </button>
    </li>
  );
}

function AddFromSearch({ batch, memberIds }: { batch: StudioBatch; memberIds: Set<string> }) {
  const t = useTranslations("studioBatches.page.search");
  const errorText = useErrorText();
  const id = useId();
  const queryClient = useQueryClient();
  const [text, setText] = useState("");
  const [search, setSearch] = useState("");
  const [chosen, setChosen] = useState<Map<string, string>>(new Map());
  useEffect(() => {
    const timer = setTimeout(() => setSearch(text.trim()), SEARCH_PAUSE_MS);
    return () => clearTimeout(timer);
  }, [text]);
  const found = useQuery({ ...studioPeopleQueries.listPeople({ search, limit: 10 }, undefined), enabled: search.length > 0 });
  const add = useMutation({
    mutationFn: () => addBatchMembers({ id: batch.id, userIds: [...chosen.keys()] }),
    onSuccess: async ({ added, alreadyMembers }) => {
      showToast({ title: t("addedTitle"), description: alreadyMembers ? t("addedTextAlready", { added, batch: batch.name, already: alreadyMembers }) : t("addedText", { added, batch: batch.name }) });
      setChosen(new Map());
      await queryClient.invalidateQueries({ queryKey: studioBatchesQueries.all });
    },
  });
  const toggle = (personId: string, email: string) =>
    setChosen((c) => {
      const next = new Map(c);
      if (next.has(personId)) next.delete(personId);
      else next.set(personId, email);
      return next;
    });
  return (
    <div className={`${panelClass} space-y-3`} role="group" aria-labelledby={`${id}-title`}>
      <h3 id={`${id}-title`} className="font-semibold">
        {t("title")}
      </h3>
      <label className="block text-sm font-medium">
        {t("find")}
        <span className="relative mt-1 block">
          <Search aria-hidden className="pointer-events-none absolute top-1/2 left-3 h-4 w-4 -translate-y-1/2 text-ink-muted dark:text-ink-dark-muted" />
          <input type="search" className={`${inputClass} pl-9`} placeholder={t("placeholder")} value={text} onChange={(e) => setText(e.target.value)} />
        </span>
      </label>
      {search && found.isPending && <Skeleton className="h-10 rounded-md" />}
      {found.isError && <p role="alert" className="text-sm text-red-700 dark:text-red-300">{errorText(found.error)}</p>}
      {search && found.data && (
        found.data.people.length === 0 ? (
          <p className="text-sm text-ink-muted dark:text-ink-dark-muted">{t("none")}</p>
        ) : (
          <ul aria-label={t("foundLabel")} className="space-y-1">
            {found.data.people.map((p) => {
              const member = memberIds.has(p.id);
              return (
                <li key={p.id}>
                  <label className="flex items-center gap-2 rounded-md p-1 text-sm hover:bg-slate-50 dark:hover:bg-slate-800">
                    <input type="checkbox" className="h-4 w-4" disabled={member} checked={member || chosen.has(p.id)} onChange={() => toggle(p.id, p.email)} />
                    <span className="min-w-0 wrap-anywhere">
                      {p.name} · {p.email}
                      {member ? ` · ${t("member")}` : ""}
                    </span>
                  </label>
                </li>
              );
            })}
          </ul>
        )
      )}
      {add.isError && <p role="alert" className="text-sm text-red-700 dark:text-red-300">{errorText(add.error)}</p>}
      <button type="button" className={buttonClass} disabled={chosen.size === 0 || add.isPending} onClick={() => add.mutate()}>
        <UserPlus aria-hidden className="h-4 w-4" />
        {chosen.size ? t("addCount", { count: chosen.size }) : t("addChosen")}
      </button>
    </div>
  );
}

function AddFromCsv({ batch }: { batch: StudioBatch }) {
  const t = useTranslations("studioBatches.page.csv");
  const errorText = useErrorText();
  const id = useId();
  const queryClient = useQueryClient();
  const [file, setFile] = useState<File | null>(null);
  const [result, setResult] = useState<BatchMembersImportResult | null>(null);
  const run = useMutation({
    mutationFn: (dryRun: boolean) => importBatchMembers(batch.id, file!, dryRun),
    onSuccess: async (answer) => {
      setResult(answer);
      if (!answer.dryRun) {
        showToast({ title: t("addedTitle"), description: t("addedText", { added: answer.added, batch: batch.name }) });
        await queryClient.invalidateQueries({ queryKey: studioBatchesQueries.all });
      }
    },
    onError: (error) => {
      const details = errorDetails(error) as { problems?: BatchMembersImportResult["problems"] } | undefined;
      if (errorCode(error) === "batch_members_import_invalid" && details?.problems) setResult({ dryRun: false, rows: 0, added: 0, alreadyMembers: 0, problems: details.problems });
    },
  });
  return (
    <div className={`${panelClass} space-y-3`} role="group" aria-labelledby={`${id}-title`}>
      <h3 id={`${id}-title`} className="font-semibold">
        {t("title")}
      </h3>
      <p className="text-sm text-ink-muted dark:text-ink-dark-muted">
        {t.rich("intro", { mono: (c) => <span className="font-mono">{c}</span> })}
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
          <Upload aria-hidden className="h-4 w-4" /> {t("add")}
        </button>
      </div>
      {run.isError && errorCode(run.error) !== "batch_members_import_invalid" && (
        <p role="alert" className="text-sm text-red-700 dark:text-red-300">
          {errorText(run.error)}
        </p>
      )}
      {result && (
        <div role="status" className="space-y-2">
          {result.problems.length === 0 ? (
            <p className="text-sm font-medium">
              {result.dryRun
                ? result.alreadyMembers
                  ? t("goodAlready", { added: result.added, already: result.alreadyMembers })
                  : t("good", { added: result.added })
                : result.alreadyMembers
                  ? t("doneAlready", { added: result.added, already: result.alreadyMembers })
                  : t("done", { added: result.added })}
            </p>
          ) : (
            <CsvProblems problems={result.problems} nothingDone={t("nothingDone")} />
          )}
        </div>
      )}
    </div>
  );
}
