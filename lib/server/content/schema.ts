import "server-only";
import { z } from "zod";
import {
  courseType,
  customerProfile,
  domainName,
  educationBackground,
  email,
  enrollmentType,
  plan,
  preferredLanguage,
  userKind,
  userRole,
  videoProvider,
} from "@/lib/contract/common";
import { passMarkPercent } from "@/lib/contract/fields";
import { slugify } from "@/lib/slug";
import { instantOfWallTime, isTimeZone, utcOffsetMs, type WallTime } from "@/lib/time-zone";

/*
 * Shapes of the files of a content directory:
 *
 *   domains.yaml     optional list of domain names (or {name, slug}); the spec's 7 domains always exist
 *   companies.yaml   list of companies (branding matched by host)
 *   users.yaml       list of users, matched by e-mail (stored lower-cased)
 *   courses/*.yaml   one course per file: versions > chapters > sub-chapters > items (video, mcq, essay, scorm)
 *   programs.yaml    list of programs, each with its courses and batches (cohorts with members)
 *   meetings.yaml    list of group meetings; `start` is an ISO date or an offset from import time; an
 *                    optional `timeZone` (IANA) is the organiser's, in which a start without offset is read
 *   career-services.yaml  list of learners' career-services records (eligibility test attempts,
 *                    interviews granted and used, offers), matched by e-mail; each replaces the learner's record
 *
 * Every file may be .yaml, .yml or .json. Unknown fields are refused so that typos are caught.
 * docs/content-format.md describes every field (a test checks it names each one of this file).
 * Optional fields may be left out or written as null.
 */

// ---------- building blocks ----------

const text = (max = 500) => z.string().trim().min(1, "must not be empty").max(max, `must be at most ${max} characters`);
/** An optional field: absent or null both mean "not set". */
const opt = <T extends z.ZodType>(schema: T) => schema.nullish().transform((v) => v ?? undefined);
const flag = z.boolean().default(false);

/** A stable identifier written by the content author: letters, digits, "-" and "_". */
const key = z
  .string()
  .trim()
  .min(1, "must not be empty")
  .max(100, "must be at most 100 characters")
  .regex(/^[A-Za-z0-9][A-Za-z0-9_-]*$/, "may only hold letters, digits, '-' and '_', and must start with a letter or digit");
const slugId = key;

const lowerEmail = email.transform((v) => v.toLowerCase());

const isHttpUrl = (v: string) => {
  try {
    const u = new URL(v);
    return u.protocol === "https:" || u.protocol === "http:";
  } catch {
    return false;
  }
};
/** A link to an image or document: a path on this site ("/brand/x.svg") or an http(s) URL. */
const assetUrl = z
  .string()
  .trim()
  .max(2000)
  .refine((v) => (v.startsWith("/") && !v.startsWith("//")) || isHttpUrl(v), "must be a path starting with '/' or an http(s) URL");

/** Numbers in YAML (phone: 9876543210) are taken as text. */
const looseText = (max: number) =>
  z
    .union([z.string(), z.number()])
    .transform((v) => String(v).trim())
    .pipe(z.string().max(max, `must be at most ${max} characters`));

const positiveInt = (label: string, max: number) =>
  z.number().int(`${label} must be a whole number`).min(1, `${label} must be at least 1`).max(max, `${label} must be at most ${max}`);

const isoPattern = /^\d{4}-\d{2}-\d{2}(?:[T ]\d{2}:\d{2}(?::\d{2}(?:\.\d{1,9})?)?(?:Z|[+-]\d{2}:?\d{2})?)?$/;

/** Parses an ISO 8601 date or date-time; without a time zone it is taken as UTC. */
export function parseIsoDate(value: string): Date | undefined {
  const v = value.trim();
  if (!isoPattern.test(v)) return undefined;
  const hasZone = /(?:Z|[+-]\d{2}:?\d{2})$/.test(v) && v.length > 10;
  const normalized = v.length === 10 ? `${v}T00:00:00Z` : hasZone ? v.replace(" ", "T") : `${v.replace(" ", "T")}Z`;
  const ms = Date.parse(normalized);
  return Number.isNaN(ms) ? undefined : new Date(ms);
}

/** An ISO 8601 date ("2024-05-01") or date-time ("2024-05-01T09:30:00+05:30"). */
const isoDate = z.union([z.string(), z.date()]).transform((v, ctx) => {
  if (v instanceof Date) return v;
  const d = parseIsoDate(v);
  if (!d) {
    ctx.addIssue({ code: "custom", message: `"${v}" is not an ISO date like 2024-05-01 or 2024-05-01T09:30:00Z` });
    return z.NEVER;
  }
  return d;
});

const offsetUnits = { m: 60_000, h: 3_600_000, d: 86_400_000, w: 604_800_000 } as const;
const offsetPattern = /^([+-])(\d{1,6})([mhdw])$/;

/** When a meeting starts: a fixed instant, an offset from the moment of import, or a wall-clock time of the organiser's time zone. */
export type MeetingStart = { at: Date } | { offsetMs: number } | { wall: WallTime; text: string };

const zonelessPattern = /^(\d{4})-(\d{2})-(\d{2})(?:[T ](\d{2}):(\d{2})(?::(\d{2}))?)?$/;

const meetingStart = z.union([z.string(), z.date()]).transform((v, ctx): MeetingStart => {
  if (v instanceof Date) return { at: v };
  const rel = offsetPattern.exec(v.trim());
  if (rel) {
    const [, sign, amount, unit] = rel;
    return { offsetMs: (sign === "-" ? -1 : 1) * Number(amount) * offsetUnits[unit as keyof typeof offsetUnits] };
  }
  // No offset written: the organiser's wall-clock time, resolved with the meeting's timeZone.
  const zoneless = zonelessPattern.exec(v.trim());
  if (zoneless && parseIsoDate(v)) {
    const [, year, month, day, hour = "0", minute = "0", second = "0"] = zoneless;
    return { wall: { year: +year!, month: +month!, day: +day!, hour: +hour, minute: +minute, second: +second }, text: v.trim() };
  }
  const d = parseIsoDate(v);
  if (d) return { at: d };
  ctx.addIssue({
    code: "custom",
    message: `"${v}" is neither an ISO date (2024-05-01T09:30:00Z) nor an offset from now like "-3d", "+2h" or "-10m" (units m, h, d, w)`,
  });
  return z.NEVER;
});

/** An IANA time zone name this runtime knows ("Europe/Berlin", "Asia/Kolkata", "UTC"). */
const ianaTimeZone = z
  .string()
  .trim()
  .refine(
    (v) => /^[A-Za-z][A-Za-z0-9_+-]*(?:\/[A-Za-z0-9_+-]+)*$/.test(v) && isTimeZone(v),
    "must be an IANA time zone name such as Europe/Berlin, America/New_York or Asia/Kolkata",
  );

/** Adds an issue when a title gives an empty slug. */
const sluggableTitle = (max = 300) =>
  text(max).refine((v) => slugify(v) !== "", "must hold at least one letter or digit (its slug would be empty)");

// ---------- domains.yaml ----------

export const domainEntry = z.union([
  domainName,
  z.strictObject({
    name: domainName,
    slug: opt(z.string().regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/, "must be lower-case letters and digits joined by '-'")),
  }),
]);
export const domainsFile = z.array(domainEntry);

// ---------- companies.yaml ----------

export const company = z.strictObject({
  key,
  name: text(200),
  /** A host name ("demo.localhost") or "*.example.com" for its sub-domains; the port is ignored. */
  hostPattern: z
    .string()
    .trim()
    .toLowerCase()
    .regex(/^(?:\*\.)?[a-z0-9](?:[a-z0-9-]*[a-z0-9])?(?:\.[a-z0-9](?:[a-z0-9-]*[a-z0-9])?)*$/, 'must be a host name like "demo.localhost" or "*.example.com", without port or scheme'),
  logoUrl: assetUrl,
  logoDarkUrl: opt(assetUrl),
  loginBackgroundUrl: opt(assetUrl),
});
export const companiesFile = z.array(company);

// ---------- users.yaml ----------

export const user = z.strictObject({
  email: lowerEmail,
  name: text(200),
  userKind: userKind.default("Customer"),
  role: userRole.default("learner"),
  plan: plan.default("Basic"),
  preferredLanguage: preferredLanguage.default("English"),
  customerProfile: opt(customerProfile),
  educationBackground: opt(educationBackground),
  hasCareerServicesAccess: flag,
  hasSoftwareLicenseAccess: flag,
  isEnrolledInPgCourse: flag,
  isO3ChatAvailable: flag,
  phone: opt(looseText(30)),
  countryCode: opt(looseText(8)),
  domain: opt(domainName),
  /** Key of a company of companies.yaml (or one already in the database). */
  company: opt(key),
});
export const usersFile = z.array(user);

// ---------- courses/*.yaml ----------

const youtubeUrl = /^(?:https?:\/\/)?(?:www\.|m\.)?(?:youtube\.com\/(?:watch\?(?:.*&)?v=|embed\/|shorts\/)|youtu\.be\/)([A-Za-z0-9_-]{11})/;

export const video = z
  .strictObject({
    slugId,
    title: sluggableTitle(),
    description: z.string().trim().max(5000).default(""),
    provider: videoProvider,
    /** YouTube id (or a YouTube link), VdoCipher video id, or for uploadedVideo the file's path under the storage root. */
    source: text(1000),
    durationSeconds: positiveInt("durationSeconds", 24 * 3600),
    coverImage: opt(assetUrl),
    captionsUrl: opt(assetUrl),
    /** Markdown shown under the video. */
    pageContent: opt(z.string().max(100_000)),
    toolsCovered: z.array(text(100)).default([]),
    freePreview: flag,
  })
  .transform((v, ctx) => {
    if (v.provider === "youtube") {
      const fromUrl = youtubeUrl.exec(v.source)?.[1];
      const id = fromUrl ?? v.source;
      if (!/^[A-Za-z0-9_-]{11}$/.test(id)) {
        ctx.addIssue({ code: "custom", path: ["source"], message: "must be a YouTube video id (11 characters) or a YouTube link" });
        return z.NEVER;
      }
      return { ...v, source: id };
    }
    if (v.provider === "vdocipher" && !/^[A-Za-z0-9]{8,64}$/.test(v.source)) {
      ctx.addIssue({ code: "custom", path: ["source"], message: "must be a VdoCipher video id (letters and digits)" });
      return z.NEVER;
    }
    if (v.provider === "uploadedVideo") {
      const parts = v.source.split("/");
      if (v.source.startsWith("/") || v.source.includes("\\") || parts.some((p) => p === "" || p === "." || p === "..")) {
        ctx.addIssue({ code: "custom", path: ["source"], message: 'must be a relative path under the storage root, like "demo/intro.mp4"' });
        return z.NEVER;
      }
    }
    return v;
  });

export const mcqOption = z.strictObject({
  value: text(2000),
  correct: flag,
});

export const mcqQuestion = z
  .strictObject({
    question: text(5000),
    mark: z.number().int("mark must be a whole number").min(0, "mark must not be negative").max(1000),
    options: z.array(mcqOption).min(2, "a question needs at least 2 options").max(20),
  })
  .refine((q) => q.options.some((o) => o.correct), { path: ["options"], message: "at least one option must be correct" });


export const mcqBlock = z.strictObject({
  slugId,
  title: sluggableTitle(),
  durationInMinutes: positiveInt("durationInMinutes", 24 * 60),
  /** Percent of the block's marks an attempt needs to pass; left out: any completed attempt passes. */
  passMark: opt(passMarkPercent),
  /** Attempts a learner may make, 1 to 100; left out: unlimited. */
  attemptsAllowed: opt(positiveInt("attemptsAllowed", 100)),
  questions: z.array(mcqQuestion).min(1, "an MCQ block needs at least one question").max(500),
});

export const essayCriterion = z.strictObject({
  gradingCriteria: text(300),
  description: z.string().trim().max(5000).default(""),
  marks: positiveInt("marks", 1000),
});

export const essayBlock = z.strictObject({
  slugId,
  title: sluggableTitle(),
  question: text(10_000),
  description: z.string().trim().max(100_000).default(""),
  referenceDocument: opt(assetUrl),
  solutionDocument: opt(assetUrl),
  durationInMinutes: positiveInt("durationInMinutes", 30 * 24 * 60),
  /** Percent of the criteria's marks the graded essay needs to pass; left out: submitting it is enough. */
  passMark: opt(passMarkPercent),
  /** Words a final submission must have at least and at most; each may be left out. */
  minWords: opt(positiveInt("minWords", 100_000)),
  maxWords: opt(positiveInt("maxWords", 100_000)),
  criteria: z.array(essayCriterion).min(1, "an essay block needs at least one grading criterion").max(50),
}).refine((e) => e.minWords === undefined || e.maxWords === undefined || e.minWords <= e.maxWords, {
  path: ["maxWords"],
  message: "maxWords must not be below minWords",
});

/** "scorm:" and a package's SHA-256: a package already stored (what the studio's draft holds). */
export const storedScormPackage = /^scorm:[0-9a-f]{64}$/;

export const scormItem = z.strictObject({
  slugId,
  title: sluggableTitle(),
  /** The package's zip, relative to the course file ("packages/safety-basics.zip"); docs/scorm-xapi.md lists its checks. */
  package: z
    .string()
    .trim()
    .max(1000)
    .refine(
      (v) => storedScormPackage.test(v) || (/\.zip$/i.test(v) && !v.startsWith("/") && !v.includes("\\") && !/^[A-Za-z]:/.test(v)),
      'must be the path of a .zip file relative to the course file, like "packages/safety-basics.zip"',
    ),
  /** Percent of the score the learner needs to pass; left out: the package's own mastery score decides. */
  passMark: opt(passMarkPercent),
});

/** One item of a sub-chapter: exactly one of `video`, `mcq`, `essay` or `scorm`. */
export const item = z
  .strictObject({
    video: video.optional(),
    mcq: mcqBlock.optional(),
    essay: essayBlock.optional(),
    scorm: scormItem.optional(),
  })
  .superRefine((v, ctx) => {
    const kinds = (["video", "mcq", "essay", "scorm"] as const).filter((k) => v[k] !== undefined);
    if (kinds.length !== 1)
      ctx.addIssue({
        code: "custom",
        message: kinds.length === 0 ? "an item needs one of video, mcq, essay or scorm" : `an item holds one of video, mcq, essay or scorm, not ${kinds.join(" and ")}`,
      });
  });

export const subChapter = z.strictObject({
  slugId,
  title: sluggableTitle(),
  emoji: opt(z.string().trim().max(16)),
  items: z.array(item).min(1, "a sub-chapter needs at least one item"),
});

export const chapter = z.strictObject({
  slugId,
  title: sluggableTitle(),
  emoji: opt(z.string().trim().max(16)),
  subChapters: z.array(subChapter).min(1, "a chapter needs at least one sub-chapter"),
});

/** Reports a value seen twice, at the later place, naming the first. */
function checkUnique(ctx: z.RefinementCtx, label: string, entries: { value: string; path: (string | number)[] }[]) {
  const seen = new Map<string, (string | number)[]>();
  for (const e of entries) {
    const first = seen.get(e.value);
    if (first) ctx.addIssue({ code: "custom", path: e.path, message: `duplicate ${label} "${e.value}" (also at ${first.join(".")})` });
    else seen.set(e.value, e.path);
  }
}

export const courseVersion = z
  .strictObject({
    name: text(100),
    releasedAt: isoDate,
    /** The version new learners get; without it the latest released version is current. */
    current: opt(z.boolean()),
    chapters: z.array(chapter).min(1, "a version needs at least one chapter"),
  })
  .superRefine((v, ctx) => {
    // Slug ids are unique within a version at each level, so that rows can be matched (and moved) on re-import.
    const chapterIds: { value: string; path: (string | number)[] }[] = [];
    const subIds: typeof chapterIds = [];
    const itemIds: typeof chapterIds = [];
    v.chapters.forEach((c, ci) => {
      chapterIds.push({ value: c.slugId, path: ["chapters", ci, "slugId"] });
      c.subChapters.forEach((s, si) => {
        subIds.push({ value: s.slugId, path: ["chapters", ci, "subChapters", si, "slugId"] });
        s.items.forEach((it, ii) => {
          const kind = it.video ? "video" : it.mcq ? "mcq" : "essay";
          const id = it.video?.slugId ?? it.mcq?.slugId ?? it.essay?.slugId;
          if (id) itemIds.push({ value: id, path: ["chapters", ci, "subChapters", si, "items", ii, kind, "slugId"] });
        });
      });
    });
    checkUnique(ctx, "chapter slugId", chapterIds);
    checkUnique(ctx, "sub-chapter slugId", subIds);
    checkUnique(ctx, "item slugId", itemIds);
  });

export const course = z
  .strictObject({
    key,
    /** The course's public id in URLs; unique across courses. */
    slugId,
    name: sluggableTitle(200),
    description: z.string().trim().max(10_000).default(""),
    image: opt(assetUrl),
    domain: domainName,
    courseType: courseType.default("nonMandatory"),
    /** Price in the currency's main unit (e.g. 4999 or 49.99); absent for a course not sold alone. */
    price: opt(z.number().min(0, "price must not be negative").max(10_000_000)),
    currency: z.string().regex(/^[A-Z]{3}$/, 'must be a 3-letter currency code like "INR"').default("INR"),
    isPremium: flag,
    versions: z.array(courseVersion).min(1, "a course needs at least one version"),
  })
  .superRefine((c, ctx) => {
    checkUnique(
      ctx,
      "version name",
      c.versions.map((v, i) => ({ value: v.name, path: ["versions", i, "name"] })),
    );
    const current = c.versions.flatMap((v, i) => (v.current ? [i] : []));
    if (current.length > 1)
      ctx.addIssue({ code: "custom", path: ["versions", current[1]!, "current"], message: `only one version may be current (also versions.${current[0]})` });
     // A complimentary course is free to every learner (docs/enrollment.md): a price or the Premium plan would contradict it.
    if (c.courseType === "complimentary" && c.price !== undefined)
      ctx.addIssue({ code: "custom", path: ["price"], message: "a complimentary course is free to every learner: remove the price or change courseType" });
    if (c.courseType === "complimentary" && c.isPremium)
      ctx.addIssue({ code: "custom", path: ["isPremium"], message: "a complimentary course is free to every learner: it cannot be premium-only" });
  });

// ---------- programs.yaml ----------

export const batch = z.strictObject({
  key,
  name: text(200),
  enrollmentType,
  allowManualVideoCompletion: flag,
  startsAt: opt(isoDate),
  accountExpiresAt: opt(isoDate),
  /** E-mails of users of users.yaml (or already in the database). Import adds members; it never removes one. */
  members: z.array(lowerEmail).default([]),
});

export const program = z
  .strictObject({
    key,
    name: sluggableTitle(200),
    description: z.string().trim().max(10_000).default(""),
    image: opt(assetUrl),
    domain: opt(domainName),
    /** The order is enforced: a course after an incomplete mandatory course is locked (docs/programs.md). */
    sequential: flag,
    /** What a learner reads on a locked course; none: a standard sentence. */
    lockedMessage: opt(text(500)),
    courses: z.array(
      z.strictObject({
        /** Key of a course of courses/ (or one already in the database). */
        course: key,
        courseType: courseType.default("mandatory"),
      }),
    ),
    batches: z.array(batch).default([]),
  })
  .superRefine((p, ctx) => {
    checkUnique(
      ctx,
      "course",
      p.courses.map((c, i) => ({ value: c.course, path: ["courses", i, "course"] })),
    );
    p.batches.forEach((b, bi) =>
      checkUnique(
        ctx,
        "member",
        b.members.map((m, mi) => ({ value: m, path: ["batches", bi, "members", mi] })),
      ),
    );
  });
export const programsFile = z.array(program);

// ---------- meetings.yaml ----------

export const meeting = z.strictObject({
  key,
  title: text(300),
  /** Key of a course of courses/ (or one already in the database). */
  course: opt(key),
  meetingTakerName: text(200),
  meetingTakerEmail: lowerEmail,
  start: meetingStart,
  durationInMinutes: positiveInt("durationInMinutes", 24 * 60),
  description: z.string().trim().max(10_000).default(""),
  joinLink: z.url({ protocol: /^https?$/, error: "must be an http(s) URL" }),
  order: z.number().int("order must be a whole number").default(0),
  /** The organiser's time zone; a start written without an offset is a wall-clock time there. UTC when left out. */
  timeZone: opt(ianaTimeZone).transform((v) => v ?? "UTC"),
  /** When the session was cancelled (in the studio): learners no longer see it, and later imports leave it alone. */
  cancelledAt: opt(isoDate),
})
  .transform((m, ctx) => {
    if (!("wall" in m.start)) return { ...m, start: m.start };
    const resolved = instantOfWallTime(m.start.wall, m.timeZone);
    if (resolved.kind === "exact") return { ...m, start: { at: resolved.instant } };
    const [earlier, later] = resolved.kind === "ambiguous" ? resolved.instants.map((i) => utcOffsetText(i, m.timeZone)) : [];
    ctx.addIssue({
      code: "custom",
      path: ["start"],
      message:
        resolved.kind === "gap"
          ? `"${m.start.text}" does not exist in ${m.timeZone}: the clocks skip it when daylight saving time starts; choose another time`
          : `"${m.start.text}" happens twice in ${m.timeZone} (the clocks go back that night): add the offset, ${m.start.text}${earlier} or ${m.start.text}${later}`,
    });
    return z.NEVER;
  });
export const meetingsFile = z.array(meeting);

/** A UTC offset as ISO 8601 writes it after a time ("+05:30", "-04:00"). */
function utcOffsetText(instant: Date, timeZone: string): string {
  const minutes = Math.round(utcOffsetMs(instant, timeZone) / 60_000);
  const abs = Math.abs(minutes);
  return `${minutes < 0 ? "-" : "+"}${String(Math.floor(abs / 60)).padStart(2, "0")}:${String(abs % 60).padStart(2, "0")}`;
}

// ---------- career-services.yaml ----------

const whole = (label: string, max: number) =>
  z.number().int(`${label} must be a whole number`).min(0, `${label} must not be negative`).max(max, `${label} must be at most ${max}`);

const interviews = z
  .strictObject({
    granted: whole("granted", 1000),
    used: whole("used", 1000).default(0),
  })
  .refine((v) => v.used <= v.granted, { path: ["used"], message: "must not be more than granted" });

export const careerServicesEntry = z
  .strictObject({
    email: lowerEmail,
    /** Attempts at the eligibility test the learner is allowed in all; CSET_DEFAULT_ATTEMPTS when left out. */
    csetAttemptsAllowed: opt(whole("csetAttemptsAllowed", 100)),
    /** Every attempt taken, in any order. */
    csetAttempts: z
      .array(
        z.strictObject({
          takenAt: isoDate,
          result: z.enum(["pass", "fail"], { error: "must be pass or fail" }),
        }),
      )
      .max(100)
      .default([]),
    mockInterviews: interviews.default({ granted: 0, used: 0 }),
    clientInterviews: interviews.default({ granted: 0, used: 0 }),
    offers: z
      .array(
        z.strictObject({
          company: text(200),
          role: text(200),
          receivedAt: isoDate,
        }),
      )
      .max(100)
      .default([]),
  })
  .superRefine((v, ctx) => {
    if (v.csetAttemptsAllowed !== undefined && v.csetAttempts.length > v.csetAttemptsAllowed) {
      ctx.addIssue({
        code: "custom",
        path: ["csetAttempts"],
        message: `holds ${v.csetAttempts.length} attempts but csetAttemptsAllowed is ${v.csetAttemptsAllowed}`,
      });
    }
  });
export const careerServicesFile = z.array(careerServicesEntry);

export type DomainEntry = z.infer<typeof domainEntry>;
export type CompanyInput = z.infer<typeof company>;
export type UserInput = z.infer<typeof user>;
export type CourseInput = z.infer<typeof course>;
export type CourseVersionInput = z.infer<typeof courseVersion>;
export type VideoInput = z.infer<typeof video>;
export type McqBlockInput = z.infer<typeof mcqBlock>;
export type EssayBlockInput = z.infer<typeof essayBlock>;
export type ScormItemInput = z.infer<typeof scormItem>;
export type ProgramInput = z.infer<typeof program>;
export type MeetingInput = z.infer<typeof meeting>;
export type CareerServicesInput = z.infer<typeof careerServicesEntry>;
