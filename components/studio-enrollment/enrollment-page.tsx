"use client";

import { useMutation, useQueries, useQuery, useQueryClient } from "@tanstack/react-query";
import { Check, UserPlus, X } from "lucide-react";
import { useFormatter, useTranslations } from "next-intl";
import { useCallback, useState } from "react";
import { useErrorText } from "@/components/i18n/use-error-text";
import { answerPurchaseRequest, enrollPeople, studioEnrollmentQueries, type EnrollmentChoices, type PurchaseRequest } from "@/lib/api/studio-enrollment";
import { studioPeopleQueries } from "@/lib/api/studio-people";
import { inputClass } from "@/components/studio-content/course-settings-fields";
import { StudioNav } from "@/components/studio-people/studio-nav";
import { ErrorBlock } from "@/components/ui/error-block";
import { Skeleton } from "@/components/ui/skeleton";
import { showToast } from "@/components/ui/toast-store";
import { AppLink } from "@/components/ui/app-link";
import { buttonClass, formatPrice, PurchaseStatus, secondaryClass } from "./labels";

/** /studio/enrollment: enroll people or a batch in a course or program; answer learners' purchase requests. */
export function EnrollmentPage() {
  const t = useTranslations("studioEnrollment.page");
  return (
    <div className="space-y-8">
      <StudioNav />
      <div>
        <h1 className="text-2xl font-bold">{t("title")}</h1>
        <p className="mt-1 text-ink-muted dark:text-ink-dark-muted">{t("intro")}</p>
      </div>
      <EnrollForm />
      <PurchaseRequests />
    </div>
  );
}

type Who = "batch" | "people";
type What = "course" | "program";
interface Chosen {
  id: string;
  name: string;
  email: string;
}

function EnrollForm() {
  const t = useTranslations("studioEnrollment.enroll");
  const errorText = useErrorText();
  const courseNote = useCourseNote();
  const choices = useQuery(studioEnrollmentQueries.getEnrollmentChoices());
  const queryClient = useQueryClient();
  const [who, setWho] = useState<Who>("batch");
  const [what, setWhat] = useState<What>("course");
  const [batch, setBatch] = useState("");
  const [target, setTarget] = useState("");
  const [people, setPeople] = useState<Chosen[]>([]);
  const [search, setSearch] = useState("");
  const found = useQuery({ ...studioPeopleQueries.listPeople({ search, limit: 8 }, undefined), enabled: who === "people" && search.trim().length >= 2 });
  const enroll = useMutation({
    mutationFn: () =>
      enrollPeople({
        ...(who === "batch" ? { batch } : { people: people.map((p) => p.id) }),
        ...(what === "course" ? { course: target } : { program: target }),
      }),
    onSuccess: async (result) => {
      const name = (what === "course" ? choices.data?.courses : choices.data?.programs)?.find((c) => c.id === target)?.name ?? target;
      showToast({
        title: t("enrolledTitle"),
        description: t("enrolledSummary", {
          whoKind: who,
          batch,
          learners: result.learners,
          whatKind: what,
          name,
          courses: result.courses,
          created: result.created,
          already: result.alreadyEnrolled,
        }),
      });
      await queryClient.invalidateQueries({ queryKey: studioEnrollmentQueries.all });
    },
  });

  if (choices.isPending) return <Skeleton className="h-64 rounded-card" />;
  if (choices.isError) return <ErrorBlock message={errorText(choices.error)} onRetry={() => choices.refetch()} />;
  const { courses, programs, batches } = choices.data;
  const ready = (who === "batch" ? batch !== "" : people.length > 0) && target !== "";

  return (
    <section aria-labelledby="enroll-heading" className="space-y-4 rounded-card bg-white p-4 ring-1 ring-slate-200 dark:bg-surface-dark-muted dark:ring-slate-700">
      <h2 id="enroll-heading" className="text-lg font-semibold">
        {t("title")}
      </h2>
      <form
        aria-labelledby="enroll-heading"
        className="space-y-4"
        onSubmit={(e) => {
          e.preventDefault();
          if (ready) enroll.mutate();
        }}
      >
        <div className="grid grid-cols-2 gap-4 max-mobile:grid-cols-1">
          <fieldset className="space-y-2">
            <legend className="text-sm font-medium">{t("who")}</legend>
            <Choice name="who" value="batch" checked={who === "batch"} onChange={() => setWho("batch")} label={t("batchChoice")} />
            <Choice name="who" value="people" checked={who === "people"} onChange={() => setWho("people")} label={t("peopleChoice")} />
            {who === "batch" ? (
              <label className="block text-sm font-medium">
                {t("batch")}
                <select className={`${inputClass} mt-1`} value={batch} onChange={(e) => setBatch(e.target.value)}>
                  <option value="">{t("chooseBatch")}</option>
                  {batches.map((b) => (
                    <option key={b.key} value={b.key}>
                      {t("batchOption", { key: b.key, name: b.name, members: b.members })}
                    </option>
                  ))}
                </select>
              </label>
            ) : (
              <PeoplePicker search={search} setSearch={setSearch} found={found.data?.people ?? []} searching={found.isFetching} chosen={people} setChosen={setPeople} />
            )}
          </fieldset>
          <fieldset className="space-y-2">
            <legend className="text-sm font-medium">{t("inWhat")}</legend>
            <Choice name="what" value="course" checked={what === "course"} onChange={() => (setWhat("course"), setTarget(""))} label={t("courseChoice")} />
            <Choice name="what" value="program" checked={what === "program"} onChange={() => (setWhat("program"), setTarget(""))} label={t("programChoice")} />
            <label className="block text-sm font-medium">
              {what === "course" ? t("course") : t("program")}
              <select className={`${inputClass} mt-1`} value={target} onChange={(e) => setTarget(e.target.value)}>
                <option value="">{what === "course" ? t("chooseCourse") : t("chooseProgram")}</option>
                {what === "course"
                  ? courses.map((c) => (
                      <option key={c.id} value={c.id}>
                        {c.name} · {courseNote(c)}
                      </option>
                    ))
                  : programs.map((p) => (
                      <option key={p.id} value={p.id}>
                        {t("programOption", { name: p.name, courses: p.courses })}
                      </option>
                    ))}
              </select>
            </label>
          </fieldset>
        </div>
        <p className="text-sm text-ink-muted dark:text-ink-dark-muted">
          {t("explanation")}
        </p>
        <button type="submit" className={buttonClass} disabled={!ready || enroll.isPending}>
          <UserPlus aria-hidden className="h-4 w-4" /> {enroll.isPending ? t("enrolling") : t("submit")}
        </button>
        {enroll.isSuccess && (
          <p role="status" className="text-sm text-green-800 dark:text-green-200">
            {enroll.data.message}
          </p>
        )}
        {enroll.isError && (
          <p role="alert" className="text-sm text-red-700 dark:text-red-300">
            {errorText(enroll.error)}
          </p>
        )}
      </form>
    </section>
  );
}

/** How a course is had: paid (its price), complimentary, on the premium plan, or free. */
function useCourseNote() {
  const t = useTranslations("studioEnrollment.enroll.note");
  return useCallback(
    (c: EnrollmentChoices["courses"][number]) =>
      c.priceCents !== null ? t("paid", { price: formatPrice(c.priceCents, c.currency) }) : c.courseType === "complimentary" ? t("complimentary") : c.isPremium ? t("premium") : t("free"),
    [t],
  );
}

function Choice({ name, value, checked, onChange, label }: { name: string; value: string; checked: boolean; onChange: () => void; label: string }) {
  return (
    <label className="flex items-center gap-2 text-sm">
      <input type="radio" name={name} value={value} checked={checked} onChange={onChange} className="h-4 w-4 accent-brand-600" />
      {label}
    </label>
  );
}

function PeoplePicker(props: {
  search: string;
  setSearch: (s: string) => void;
  found: Chosen[];
  searching: boolean;
  chosen: Chosen[];
  setChosen: (c: Chosen[]) => void;
}) {
  const t = useTranslations("studioEnrollment.picker");
  const { search, setSearch, found, searching, chosen, setChosen } = props;
  const offered = found.filter((p) => !chosen.some((c) => c.id === p.id));
  return (
    <div className="space-y-2">
      <label className="block text-sm font-medium">
        {t("find")}
        <input type="search" className={`${inputClass} mt-1`} placeholder={t("placeholder")} value={search} onChange={(e) => setSearch(e.target.value)} />
      </label>
      {search.trim().length >= 2 && (
        <ul aria-label={t("found")} className="space-y-1">
          {offered.map((p) => (
            <li key={p.id}>
              <button type="button" className="w-full rounded-md px-2 py-1 text-left text-sm wrap-anywhere hover:bg-slate-100 dark:hover:bg-slate-800" onClick={() => setChosen([...chosen, p])}>
                {t("add", { name: p.name, email: p.email })}
              </button>
            </li>
          ))}
          {!offered.length && <li className="text-sm text-ink-muted dark:text-ink-dark-muted">{searching ? t("searching") : t("noMore")}</li>}
        </ul>
      )}
      {chosen.length > 0 && (
        <ul aria-label={t("chosen")} className="flex flex-wrap gap-2">
          {chosen.map((p) => (
            <li key={p.id} className="flex max-w-full items-center gap-1 rounded-full bg-slate-100 py-1 pr-1 pl-3 text-sm dark:bg-slate-800">
              <span className="truncate">{p.email}</span>
              <button type="button" aria-label={t("remove", { email: p.email })} className="rounded-full p-1 hover:bg-slate-200 dark:hover:bg-slate-700" onClick={() => setChosen(chosen.filter((c) => c.id !== p.id))}>
                <X aria-hidden className="h-3.5 w-3.5" />
              </button>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}

function PurchaseRequests() {
  const t = useTranslations("studioEnrollment.requests");
  const tStudio = useTranslations("studio.list");
  const errorText = useErrorText();
  const [cursors, setCursors] = useState<(string | undefined)[]>([undefined]);
  const pages = useQueries({ queries: cursors.map((cursor) => studioEnrollmentQueries.listPurchaseRequests(cursor)) });
  const first = pages[0]!;
  const last = pages.at(-1)!;
  const requests = pages.flatMap((p) => p.data?.requests ?? []);
  return (
    <section aria-labelledby="requests-heading" className="space-y-3">
      <div>
        <h2 id="requests-heading" className="text-lg font-semibold">
          {t("title")}
        </h2>
        <p className="text-sm text-ink-muted dark:text-ink-dark-muted">{t("intro")}</p>
      </div>
      {first.isPending ? (
        <Skeleton className="h-32 rounded-card" />
      ) : first.isError ? (
        <ErrorBlock message={errorText(first.error)} onRetry={() => first.refetch()} />
      ) : requests.length === 0 ? (
        <p className="text-sm text-ink-muted dark:text-ink-dark-muted">{t("empty")}</p>
      ) : (
        <ul aria-label={t("listLabel")} className="space-y-2">
          {requests.map((r) => (
            <RequestRow key={r.id} request={r} onAnswered={() => setCursors([undefined])} />
          ))}
        </ul>
      )}
      {last.data?.hasMore && (
        <button type="button" className={secondaryClass} onClick={() => setCursors([...cursors, last.data!.nextCursor ?? undefined])}>
          {tStudio("loadMore")}
        </button>
      )}
    </section>
  );
}

/** A day as the browser's clock reads it (the administrator's own time zone), as it always was shown. */
const localTimeZone = () => Intl.DateTimeFormat().resolvedOptions().timeZone;

function RequestRow({ request: r, onAnswered }: { request: PurchaseRequest; onAnswered: () => void }) {
  const t = useTranslations("studioEnrollment.requests");
  const format = useFormatter();
  const errorText = useErrorText();
  const day = (iso: string) => format.dateTime(new Date(iso), { year: "numeric", month: "numeric", day: "numeric", timeZone: localTimeZone() });
  const queryClient = useQueryClient();
  const [declining, setDeclining] = useState(false);
  const [note, setNote] = useState("");
  const answer = useMutation({
    mutationFn: (decision: "grant" | "decline") => answerPurchaseRequest({ id: r.id, decision, ...(decision === "decline" && note.trim() ? { note: note.trim() } : {}) }),
    onSuccess: async ({ request }) => {
      showToast({
        title: request.status === "granted" ? t("grantedTitle") : t("declinedTitle"),
        description: request.status === "granted" ? t("granted", { email: request.person.email, course: request.course.name }) : t("declined", { email: request.person.email }),
      });
      onAnswered();
      await queryClient.invalidateQueries({ queryKey: studioEnrollmentQueries.all });
    },
  });
  return (
    <li className="space-y-2 rounded-card bg-white p-3 ring-1 ring-slate-200 dark:bg-surface-dark-muted dark:ring-slate-700">
      <div className="flex flex-wrap items-start justify-between gap-2">
        <div className="min-w-0">
          <p className="font-semibold break-words">
            {t.rich("wants", {
              name: r.person.name,
              course: r.course.name,
              person: (chunks) => (
                <AppLink href={`/studio/people/${r.person.id}`} className="hover:underline">
                  {chunks}
                </AppLink>
              ),
            })}
          </p>
          <p className="text-sm wrap-anywhere text-ink-muted dark:text-ink-dark-muted">{r.person.email}</p>
          <p className="text-sm text-ink-muted dark:text-ink-dark-muted">
            {r.priceCents !== null ? formatPrice(r.priceCents, r.currency) : t("noPrice")} ·{" "}
            {t.rich("asked", { count: r.requestCount, date: day(r.lastRequestedAt), time: (chunks) => <time dateTime={r.lastRequestedAt}>{chunks}</time> })}
            {r.enrolled && r.status === "open" ? ` · ${t("alreadyEnrolled")}` : ""}
          </p>
          {r.status !== "open" && (
            <p className="text-sm text-ink-muted dark:text-ink-dark-muted">
              {t("answer", {
                status: r.status,
                hasBy: r.answeredBy ? "yes" : "no",
                name: r.answeredBy?.name ?? "",
                hasOn: r.answeredAt ? "yes" : "no",
                date: r.answeredAt ? day(r.answeredAt) : "",
                hasNote: r.note ? "yes" : "no",
                note: r.note ?? "",
              })}
            </p>
          )}
        </div>
        <PurchaseStatus status={r.status} />
      </div>
      {r.status === "open" && (
        <div className="flex flex-wrap items-end gap-2">
          <button type="button" className={buttonClass} disabled={answer.isPending} onClick={() => answer.mutate("grant")}>
            <Check aria-hidden className="h-4 w-4" /> {t("grant")}
          </button>
          {declining ? (
            <>
              <label className="min-w-0 flex-1 text-sm font-medium">
                {t("noteLabel")}
                <input className={`${inputClass} mt-1`} value={note} maxLength={1000} onChange={(e) => setNote(e.target.value)} />
              </label>
              <button type="button" className={secondaryClass} disabled={answer.isPending} onClick={() => answer.mutate("decline")}>
                {t("confirmDecline")}
              </button>
            </>
          ) : (
            <button type="button" className={secondaryClass} disabled={answer.isPending} onClick={() => setDeclining(true)}>
              <X aria-hidden className="h-4 w-4" /> {t("decline")}
            </button>
          )}
        </div>
      )}
      {answer.isError && (
        <p role="alert" className="text-sm text-red-700 dark:text-red-300">
          {errorText(answer.error)}
        </p>
      )}
    </li>
  );
}
