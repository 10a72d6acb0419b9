import type { ErrorCode } from "@/lib/contract/error-codes";
import { dateLocale, formatIssueDay } from "@/components/dashboard/format";

/** The ICU arguments a refusal's words take: strings and numbers only. */
export type ErrorValues = Record<string, string | number>;

/** What a reading may use besides the details: the page's language. */
export interface ErrorReadingContext {
  locale: string;
}

/**
 * How the words of a code that needs the refusal's `details` (lib/contract/error-codes.ts says what each
 * sends) get their arguments: the details' string and number values, checked to hold every argument the
 * words use for the refusal's `reason`, plus values worded here for the page's language (a size in MB,
 * a date). null when the refusal did not bring what the words need (an older server, another shape):
 * the page then shows the API's own message rather than words with a hole in them.
 */
type Reading = (details: ErrorValues, context: ErrorReadingContext) => ErrorValues | null;

const MB = 1024 * 1024;

/** The string and number values of a refusal's details, a flag read as "yes" or "no" (anything else is not an ICU argument). */
export function detailValues(details: unknown): ErrorValues | null {
  if (typeof details !== "object" || details === null || Array.isArray(details)) return null;
  const values: ErrorValues = {};
  for (const [key, value] of Object.entries(details)) {
    if (typeof value === "string" || (typeof value === "number" && Number.isFinite(value))) values[key] = value;
    else if (typeof value === "boolean") values[key] = value ? "yes" : "no";
  }
  return values;
}

const isString = (value: unknown): value is string => typeof value === "string" && value.length > 0;
const isNumber = (value: unknown): value is number => typeof value === "number";
const isDate = (value: unknown): value is string => typeof value === "string" && !Number.isNaN(Date.parse(value));

/** An argument's kind: a string (not empty), a text (may be empty), a number, an ISO date, or one of the values its words' select knows. */
type Kind = "string" | "text" | "number" | "date" | readonly string[];
const checks = { string: isString, text: (value: unknown) => typeof value === "string", number: isNumber, date: isDate };

/** The details hold each named argument, of its kind. */
const has = (details: ErrorValues, needs: Record<string, Kind>) =>
  Object.entries(needs).every(([name, kind]) => (typeof kind === "string" ? checks[kind](details[name]) : kind.includes(details[name] as string)));

/** Words without a reason: these arguments. */
const needs =
  (args: Record<string, Kind>, format?: (details: ErrorValues, context: ErrorReadingContext) => ErrorValues): Reading =>
  (details, context) =>
    has(details, args) ? { ...details, ...format?.(details, context) } : null;

/** Words that pick among the reasons they know (`{reason, select, ...}`), each with its own arguments; an unknown reason keeps the API's message. */
const byReason =
  (reasons: Record<string, Record<string, Kind>>, format?: (details: ErrorValues, context: ErrorReadingContext) => ErrorValues): Reading =>
  (details, context) => {
    const reason = details.reason;
    if (typeof reason !== "string" || !Object.hasOwn(reasons, reason)) return null;
    return has(details, reasons[reason]!) ? { ...details, ...format?.(details, context) } : null;
  };

/** A size in MB as the page's language writes numbers: "10", "2.5". */
export const megabytes = (bytes: number, locale: string) => new Intl.NumberFormat(locale, { maximumFractionDigits: 1 }).format(bytes / MB);

/** A day ("5 March 2026"), UTC as the API's messages say it. */
const day = (iso: string | number | undefined, locale: string) => (typeof iso === "string" ? formatIssueDay(iso, locale) : "");

/** A moment to the minute in the reader's own time zone, which the server cannot know ("5 Mar, 14:30 IST"). */
const moment = (iso: string | number | undefined, locale: string) =>
  typeof iso === "string"
    ? new Intl.DateTimeFormat(dateLocale(locale), { day: "numeric", month: "short", year: "numeric", hour: "2-digit", minute: "2-digit", timeZoneName: "short" }).format(new Date(iso))
    : "";

/**
 * Which of two uses keeps a record from being deleted, as `uses` (the name of the use, or "both"),
 * from the counts the details hold (`[count, name]`); null when neither is counted.
 */
const inUse =
  (args: Record<string, Kind>, [first, firstName]: [string, string], [second, secondName]: [string, string]): Reading =>
  (details) => {
    if (!has(details, args)) return null;
    const [a, b] = [Number(details[first]) > 0, Number(details[second]) > 0];
    return a || b ? { ...details, uses: a && b ? "both" : a ? firstName : secondName } : null;
  };

/** The company image fields the words name. */
const IMAGE_FIELDS = ["logoUrl", "logoDarkUrl", "loginBackgroundUrl"];

const maxSize = (details: ErrorValues, { locale }: ErrorReadingContext) => ({ maxSize: megabytes(details.maxBytes as number, locale) });

/** The codes whose words take arguments from the refusal's details. A worded code not listed here takes none. */
export const ERROR_READINGS: Partial<Record<ErrorCode, Reading>> = {
  enrollment_not_allowed: byReason({ archived: { course: "string" }, batch: { course: "string" }, paid: { course: "string", price: "string" }, premiumPlan: { course: "string" } }),
  challenge_locked: byReason({ notEnrolled: { block: ["mcqBlock", "essayBlock"] }, notStarted: {}, accountExpired: {}, premiumOnly: {} }),
  file_too_large: byReason({ essay: { maxBytes: "number" }, peopleCsv: { maxBytes: "number" }, membersCsv: { maxBytes: "number" }, scorm: { maxBytes: "number" } }, maxSize),
  unsupported_file_type: byReason({ essay: { types: "string" } }),
  course_not_enrollable: byReason({ archived: { course: "string" }, unpublished: { course: "string" }, programEmpty: { program: "string" } }),
  claimed_by_other: byReason({ assigned: { holder: "string" }, claimed: { holder: "string", until: "date" } }, (details, { locale }) => ({ until: moment(details.until, locale) })),
  evaluated_by_other: needs({ grader: "string", evaluatedAt: "date" }, (details, { locale }) => ({ evaluatedAt: moment(details.evaluatedAt, locale) })),
  marks_out_of_range: needs({ criterion: "string", outOf: "number", given: "number" }),
  missing_criterion: needs({ criteria: "string", count: "number" }),
  submission_graded: needs({ grader: "string" }),
  not_a_grader: byReason({ role: { person: "string", role: ["learner", "author"] }, deactivated: { person: "string" } }),
  purchase_request_answered: needs({ status: ["granted", "declined"], answeredAt: "date" }, (details, { locale }) => ({ answeredOn: day(details.answeredAt, locale) })),
  // The value refused, as the message names it.
  email_taken: needs({ email: "string" }),
  batch_key_taken: needs({ key: "string" }),
  company_key_taken: needs({ key: "string" }),
  program_key_taken: needs({ key: "string" }),
  duplicate_course: needs({ field: "string", course: "string" }),
  unknown_course: byReason({ session: {}, report: { course: "string" }, program: { field: "string", course: "string" } }),
  unknown_batch: needs({ field: "string", keys: "string" }),
  // Studio.
  batch_in_use: inUse({ key: "string", members: "number", enrollments: "number" }, ["members", "members"], ["enrollments", "enrollments"]),
  company_in_use: inUse({ key: "string", people: "number", certificates: "number" }, ["people", "people"], ["certificates", "certificates"]),
  program_in_use: inUse({ key: "string", learners: "number", batchCount: "number", batches: "text" }, ["learners", "learners"], ["batchCount", "batches"]),
  job_not_retryable: needs({ state: ["created", "active", "completed", "cancelled"] }),
  export_too_large: needs({ from: "date", to: "date", total: "number", max: "number" }, (details, { locale }) => ({ from: day(details.from, locale), to: day(details.to, locale) })),
  delete_needs_confirmation: needs({ learnersWithProgress: "number" }),
  stale_program_revision: needs({ yourRevision: "number", currentRevision: "number" }, (details, { locale }): ErrorValues =>
    isString(details.changedBy) && isDate(details.changedAt) ? { who: "known", changedAt: moment(details.changedAt, locale) } : { who: "unknown" },
  ),
  company_host_pattern_taken: byReason({
    covers: { pattern: "string", host: "string", company: "string", companyKey: "string" },
    taken: { pattern: "string", company: "string", companyKey: "string" },
    takenByAnother: { pattern: "string" },
  }),
  outline_node_not_found: byReason({ unknown: { id: "string" }, notAnItem: { id: "string", kind: ["chapter", "subChapter"] }, scormItem: { id: "string" } }),
  bad_outline_place: byReason({
    chapterHasNoParent: {},
    subChapterNeedsChapter: {},
    itemNeedsSubChapter: {},
    moveToChapter: {},
    moveToSubChapter: {},
    subChapterInChapter: {},
    itemInSubChapter: {},
  }),
  meeting_time_invalid: byReason({
    nonexistent: { startLocal: "string" },
    gap: { startLocal: "string", timeZone: "string" },
    ambiguous: { startLocal: "string", timeZone: "string", first: "string", second: "string" },
  }),
  company_image_invalid: byReason(
    {
      notUploaded: { field: IMAGE_FIELDS, url: "text" },
      missing: { field: IMAGE_FIELDS, url: "text" },
      notImage: { field: IMAGE_FIELDS, file: "string", kind: ["video", "captions", "document"] },
      tooLarge: { field: IMAGE_FIELDS, file: "string", sizeBytes: "number", maxBytes: "number" },
    },
    (details, { locale }): ErrorValues => (details.reason === "tooLarge" ? { size: megabytes(details.sizeBytes as number, locale), maxSize: megabytes(details.maxBytes as number, locale) } : {}),
  ),
  certificate_revoked: needs({ withdrawn: ["yes", "no"], revokedAt: "date" }, (details, { locale }) => ({ reason: details.withdrawn === "yes" ? "withdrawn" : "revoked", date: day(details.revokedAt, locale) })),
};

/**
 * The arguments of a worded code's words: {} for words that take none, the checked and worded values
 * for the codes above, null when the refusal lacks what they need.
 */
export function errorValues(code: ErrorCode, details: unknown, context: ErrorReadingContext): ErrorValues | null {
  const reading = ERROR_READINGS[code];
  if (!reading) return {};
  const values = detailValues(details);
  return values ? reading(values, context) : null;
}
