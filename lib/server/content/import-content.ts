import "server-only";
import { promises as fs } from "node:fs";
import path from "node:path";
import { eq, inArray, sql } from "drizzle-orm";
import YAML from "yaml";
import { z } from "zod";
import { domainName } from "@/lib/contract/common";
import type { Db } from "@/lib/server/db/client";
import * as t from "@/lib/server/db/schema";
import { slugify } from "@/lib/slug";
import { serverEnv } from "@/lib/env";
import { fileStoreFromEnv, type FileStore } from "@/lib/server/storage/file-store";
import * as s from "./schema";
import { checkCoursePackages, checkStoredReferences, storeScormPackages, writeScormPackages, type ReadScormPackage } from "./scorm-packages";
import { writeBatches } from "./writers/batches";
import { writeCareerServiceRecords } from "./writers/career-services";
import { writeCompanies } from "./writers/companies";
import { writeCourses } from "./writers/courses";
import { writeDomains } from "./writers/domains";
import { writeMeetings } from "./writers/meetings";
import { writePrograms } from "./writers/programs";
import { ContentIds, type Tx } from "./writers/rows";
import { writeUsers } from "./writers/users";

/** Raised when a content directory cannot be imported; `problems` holds one line per problem. */
export class ContentError extends Error {
  readonly problems: string[];
  constructor(problems: string[], dir?: string) {
    const head = `${dir ? `Content in ${dir}` : "Content"} has ${problems.length} problem${problems.length === 1 ? "" : "s"}:`;
    super([head, ...problems.map((p) => `  ${p}`)].join("\n"));
    this.name = "ContentError";
    this.problems = problems;
  }
}

/** How many of each thing the imported directory holds (chapters and items over all versions). */
export interface ImportSummary {
  users: number;
  companies: number;
  courses: number;
  chapters: number;
  videos: number;
  mcqBlocks: number;
  essayBlocks: number;
  scormItems: number;
  programs: number;
  batches: number;
  meetings: number;
  careerServices: number;
}

export interface ImportOptions {
  /** The moment relative meeting starts ("-10m") count from; defaults to the current time. */
  now?: Date;
  /** Validate only (files and references), write nothing. */
  dryRun?: boolean;
  /** Where SCORM packages are unpacked; the store the settings choose when left out. */
  fileStore?: FileStore;
}

type Path = (string | number)[];

interface Loaded<T> {
  file: string;
  data: T;
}

interface Content {
  domains?: Loaded<s.DomainEntry[]>;
  companies?: Loaded<s.CompanyInput[]>;
  users?: Loaded<s.UserInput[]>;
  programs?: Loaded<s.ProgramInput[]>;
  meetings?: Loaded<s.MeetingInput[]>;
  "career-services"?: Loaded<s.CareerServicesInput[]>;
  courses: Loaded<s.CourseInput>[];
  /** The SCORM packages course files name, by absolute path; null: refused. */
  scormPackages: Map<string, ReadScormPackage | null>;
}

const listFiles = {
  domains: s.domainsFile,
  companies: s.companiesFile,
  users: s.usersFile,
  programs: s.programsFile,
  meetings: s.meetingsFile,
  "career-services": s.careerServicesFile,
} as const;
type ListName = keyof typeof listFiles;

const contentExtensions = [".yaml", ".yml", ".json"];
const isContentFile = (name: string) => contentExtensions.includes(path.extname(name).toLowerCase());

// Serializes imports (two processes seeding an empty database at once): the second waits, then changes nothing.
const IMPORT_LOCK = 727275;

/**
 * Imports a content directory: reads and validates every file first (throwing a ContentError that
 * lists every problem, before anything is written), then writes everything in one transaction.
 * Re-importing is idempotent: rows are matched by key, e-mail or slugId and updated in place.
 */
export async function importContent(db: Db, dir: string, options: ImportOptions = {}): Promise<ImportSummary> {
  const now = options.now ?? new Date();
  const content = await readContent(dir);
  const problems = [...(await checkReferences(db, content)), ...(await checkStoredReferences(db, content.courses))];
  if (problems.length) throw new ContentError(problems, dir);
  if (options.dryRun) return summarize(content);

  // Files first, so that no row ever names a package whose files are missing.
  const packages = await storeScormPackages(db, () => options.fileStore ?? fileStoreFromEnv(serverEnv()), content.scormPackages);
  await db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${IMPORT_LOCK})`);
    await writeScormPackages(tx, packages, content.scormPackages, dir, content.courses);
    await write(tx, content, now);
  });
  return summarize(content);
}

// ---------- reading and validating ----------

/** Zod's message for a missing field is long; content authors read "Required". */
const requiredMessage = (issue: { code?: string; input?: unknown }) =>
  issue.code === "invalid_type" && issue.input === undefined ? "Required" : undefined;

const formatPath = (p: readonly PropertyKey[]) => p.map(String).join(".");

function issueLines(file: string, error: z.ZodError): string[] {
  return error.issues.map((i) => (i.path.length ? `${file}: ${formatPath(i.path)}: ${i.message}` : `${file}: ${i.message}`));
}

function parseText(file: string, text: string, problems: string[]): { ok: true; value: unknown } | { ok: false } {
  if (file.toLowerCase().endsWith(".json")) {
    try {
      return { ok: true, value: JSON.parse(text) };
    } catch (err) {
      problems.push(`${file}: invalid JSON: ${(err as Error).message}`);
      return { ok: false };
    }
  }
  const doc = YAML.parseDocument(text, { prettyErrors: true, uniqueKeys: true });
  if (doc.errors.length) {
    for (const e of doc.errors) {
      const pos = e.linePos?.[0];
      const message = e.message.split("\n")[0]!.replace(/ at line \d+, column \d+:?$/, "");
      problems.push(`${file}: ${pos ? `line ${pos.line}, column ${pos.col}: ` : ""}invalid YAML: ${message}`);
    }
    return { ok: false };
  }
  return { ok: true, value: doc.toJS({ maxAliasCount: 1000 }) };
}

async function readValidated<T extends z.ZodType>(
  dir: string,
  file: string,
  schema: T,
  problems: string[],
  emptyValue?: unknown,
): Promise<z.output<T> | undefined> {
  let text: string;
  try {
    text = await fs.readFile(path.join(dir, file), "utf8");
  } catch (err) {
    problems.push(`${file}: cannot be read: ${(err as Error).message}`);
    return undefined;
  }
  const parsed = parseText(file, text.replace(/^\uFEFF/, ""), problems);
  if (!parsed.ok) return undefined;
  let value = parsed.value;
  if (value === null || value === undefined) {
    if (emptyValue === undefined) {
      problems.push(`${file}: the file is empty`);
      return undefined;
    }
    value = emptyValue;
  }
  const result = schema.safeParse(value, { error: requiredMessage });
  if (!result.success) {
    problems.push(...issueLines(file, result.error));
    return undefined;
  }
  return result.data;
}

async function readContent(dir: string): Promise<Content> {
  let entries: import("node:fs").Dirent[];
  try {
    entries = await fs.readdir(dir, { withFileTypes: true });
  } catch (err) {
    throw new ContentError([`${dir}: is not a readable directory (${(err as NodeJS.ErrnoException).code ?? (err as Error).message})`], dir);
  }
  const problems: string[] = [];
  const content: Content = { courses: [], scormPackages: new Map() };
  const chosen = new Map<ListName, string>();

  for (const entry of [...entries].sort((a, b) => a.name.localeCompare(b.name))) {
    if (!entry.isFile() || !isContentFile(entry.name)) continue;
    const base = path.basename(entry.name, path.extname(entry.name));
    if (!(base in listFiles)) {
      problems.push(
        `${entry.name}: unknown content file (expected ${Object.keys(listFiles).join(", ")} as .yaml, .yml or .json, and course files under courses/)`,
      );
      continue;
    }
    const name = base as ListName;
    const other = chosen.get(name);
    if (other) {
      problems.push(`${entry.name}: ${other} holds the same list; keep only one of them`);
      continue;
    }
    chosen.set(name, entry.name);
  }

  for (const [name, file] of chosen) {
    const data = await readValidated(dir, file, listFiles[name], problems, []);
    if (data !== undefined) (content as unknown as Record<string, Loaded<unknown>>)[name] = { file, data };
  }

  const coursesDir = entries.find((e) => e.isDirectory() && e.name === "courses");
  if (coursesDir) {
    const files = (await fs.readdir(path.join(dir, "courses"), { withFileTypes: true }))
      .filter((e) => e.isFile() && isContentFile(e.name))
      .map((e) => `courses/${e.name}`)
      .sort();
    for (const file of files) {
      const data = await readValidated(dir, file, s.course, problems);
      if (data !== undefined) {
        content.courses.push({ file, data });
        await checkCoursePackages(dir, file, data.versions, content.scormPackages, problems);
      }
    }
  }

  if (chosen.size === 0 && !coursesDir) problems.push(`${dir}: holds no content files (users.yaml, companies.yaml, courses/*.yaml, ...)`);
  if (problems.length) throw new ContentError(problems, dir);
  return content;
}

interface Site {
  file: string;
  path: Path;
}
const at = (site: Site) => `${site.file}: ${formatPath(site.path)}`;

/** Reports values declared twice across the directory. */
function duplicates(label: string, items: { value: string; site: Site }[]): string[] {
  const seen = new Map<string, Site>();
  const out: string[] = [];
  for (const { value, site } of items) {
    const first = seen.get(value);
    if (first) out.push(`${at(site)}: duplicate ${label} "${value}" (also at ${at(first)})`);
    else seen.set(value, site);
  }
  return out;
}

/** Checks what a single file cannot: uniqueness across files and references between files and to the database. */
async function checkReferences(db: Db, c: Content): Promise<string[]> {
  const problems: string[] = [];
  const companies = c.companies?.data ?? [];
  const users = c.users?.data ?? [];
  const programs = c.programs?.data ?? [];
  const meetings = c.meetings?.data ?? [];
  const cf = c.companies?.file ?? "";
  const uf = c.users?.file ?? "";
  const pf = c.programs?.file ?? "";
  const mf = c.meetings?.file ?? "";

  // Domain slugs must stay distinct.
  const domainSlugs = new Map<string, string>(domainName.options.map((n) => [n, slugify(n)]));
  for (const e of c.domains?.data ?? []) {
    if (typeof e !== "string" && e.slug) domainSlugs.set(e.name, e.slug);
  }
  const slugOwners = new Map<string, string>();
  for (const [name, slug] of domainSlugs) {
    const owner = slugOwners.get(slug);
    if (owner) problems.push(`${c.domains?.file ?? "domains.yaml"}: domains "${owner}" and "${name}" have the same slug "${slug}"`);
    slugOwners.set(slug, name);
  }

  problems.push(
    ...duplicates(
      "company key",
      companies.map((x, i) => ({ value: x.key, site: { file: cf, path: [i, "key"] } })),
    ),
    ...duplicates(
      "hostPattern",
      companies.map((x, i) => ({ value: x.hostPattern, site: { file: cf, path: [i, "hostPattern"] } })),
    ),
    ...duplicates(
      "e-mail",
      users.map((x, i) => ({ value: x.email, site: { file: uf, path: [i, "email"] } })),
    ),
    ...duplicates(
      "course key",
      c.courses.map((x) => ({ value: x.data.key, site: { file: x.file, path: ["key"] } })),
    ),
    ...duplicates(
      "course slugId",
      c.courses.map((x) => ({ value: x.data.slugId, site: { file: x.file, path: ["slugId"] } })),
    ),
    ...duplicates(
      "program key",
      programs.map((x, i) => ({ value: x.key, site: { file: pf, path: [i, "key"] } })),
    ),
    ...duplicates(
      "batch key",
      programs.flatMap((p, i) => p.batches.map((b, j) => ({ value: b.key, site: { file: pf, path: [i, "batches", j, "key"] } }))),
    ),
    ...duplicates(
      "meeting key",
      meetings.map((x, i) => ({ value: x.key, site: { file: mf, path: [i, "key"] } })),
    ),
  );

  // References: to rows of this directory, else to rows already in the database.
  const companyKeys = new Set(companies.map((x) => x.key));
  const userEmails = new Set(users.map((x) => x.email));
  const courseKeys = new Set(c.courses.map((x) => x.data.key));

  const wantedCompanies = users.flatMap((u, i) => (u.company && !companyKeys.has(u.company) ? [{ key: u.company, site: { file: uf, path: [i, "company"] } }] : []));
  const wantedCourses = [
    ...programs.flatMap((p, i) =>
      p.courses.flatMap((pc, j) => (courseKeys.has(pc.course) ? [] : [{ key: pc.course, site: { file: pf, path: [i, "courses", j, "course"] } }])),
    ),
    ...meetings.flatMap((m, i) => (m.course && !courseKeys.has(m.course) ? [{ key: m.course, site: { file: mf, path: [i, "course"] } }] : [])),
  ];
  const careerRecords = c["career-services"]?.data ?? [];
  const csf = c["career-services"]?.file ?? "";
  problems.push(
    ...duplicates(
      "e-mail",
      careerRecords.map((x, i) => ({ value: x.email, site: { file: csf, path: [i, "email"] } })),
    ),
  );
  const wantedUsers = [
    ...programs.flatMap((p, i) =>
      p.batches.flatMap((b, j) =>
        b.members.flatMap((e, k) => (userEmails.has(e) ? [] : [{ key: e, site: { file: pf, path: [i, "batches", j, "members", k] } }])),
      ),
    ),
    ...careerRecords.flatMap((r, i) => (userEmails.has(r.email) ? [] : [{ key: r.email, site: { file: csf, path: [i, "email"] } }])),
  ];

  const known = async (table: "companies" | "courses" | "users", keys: string[]) => {
    const unique = [...new Set(keys)];
    if (!unique.length) return new Set<string>();
    if (table === "users") {
      const rows = await db.select({ k: t.users.email }).from(t.users).where(inArray(t.users.email, unique));
      return new Set(rows.map((r) => r.k));
    }
    const tbl = table === "companies" ? t.companies : t.courses;
    const rows = await db.select({ k: tbl.key }).from(tbl).where(inArray(tbl.key, unique));
    return new Set(rows.map((r) => r.k));
  };
  const [dbCompanies, dbCourses, dbUsers] = await Promise.all([
    known("companies", wantedCompanies.map((w) => w.key)),
    known("courses", wantedCourses.map((w) => w.key)),
    known("users", wantedUsers.map((w) => w.key)),
  ]);
  for (const w of wantedCompanies)
    if (!dbCompanies.has(w.key)) problems.push(`${at(w.site)}: unknown company "${w.key}" (not in companies.yaml nor in the database)`);
  for (const w of wantedCourses)
    if (!dbCourses.has(w.key)) problems.push(`${at(w.site)}: unknown course "${w.key}" (no course file under courses/ has this key, nor does the database)`);
  for (const w of wantedUsers)
    if (!dbUsers.has(w.key)) problems.push(`${at(w.site)}: unknown ${w.site.file === csf ? "learner" : "member"} "${w.key}" (not in users.yaml nor in the database)`);

  // Unique values held by another row of the database.
  if (c.courses.length) {
    const rows = await db
      .select({ key: t.courses.key, slugId: t.courses.slugId })
      .from(t.courses)
      .where(inArray(t.courses.slugId, c.courses.map((x) => x.data.slugId)));
    const holder = new Map(rows.map((r) => [r.slugId, r.key]));
    for (const x of c.courses) {
      const other = holder.get(x.data.slugId);
      if (other && other !== x.data.key)
        problems.push(`${x.file}: slugId: "${x.data.slugId}" already belongs to course "${other}" in the database`);
    }
  }
  if (companies.length) {
    const rows = await db
      .select({ key: t.companies.key, hostPattern: t.companies.hostPattern })
      .from(t.companies)
      .where(inArray(t.companies.hostPattern, companies.map((x) => x.hostPattern)));
    const holder = new Map(rows.map((r) => [r.hostPattern, r.key]));
    companies.forEach((x, i) => {
      const other = holder.get(x.hostPattern);
      if (other && other !== x.key) problems.push(`${cf}: ${i}.hostPattern: "${x.hostPattern}" already belongs to company "${other}" in the database`);
    });
  }

  // A version left out of its course file is deleted, unless learners are enrolled in it.
  if (c.courses.length) {
    const rows = await db
      .select({
        courseKey: t.courses.key,
        versionName: t.courseVersions.versionName,
        enrolled: sql<number>`(select count(*)::int from ${t.enrollments} where ${t.enrollments.versionId} = ${t.courseVersions.id})`,
      })
      .from(t.courseVersions)
      .innerJoin(t.courses, eq(t.courses.id, t.courseVersions.courseId))
      .where(inArray(t.courses.key, c.courses.map((x) => x.data.key)));
    for (const x of c.courses) {
      const names = new Set(x.data.versions.map((v) => v.name));
      for (const r of rows) {
        if (r.courseKey === x.data.key && !names.has(r.versionName) && Number(r.enrolled) > 0)
          problems.push(
            `${x.file}: versions: version "${r.versionName}" is missing from the file but ${r.enrolled} learner(s) are enrolled in it; keep it (with current: false)`,
          );
      }
    }
  }
  return problems;
}

// ---------- writing ----------

/**
 * Writes the content in one transaction, one writer per entity (lib/server/content/writers), in the
 * order references need: what a writer refers to was written before it, or is already in the database.
 */
async function write(tx: Tx, c: Content, now: Date) {
  const ids = new ContentIds();
  const programs = c.programs?.data ?? [];
  const meetings = c.meetings?.data ?? [];
  await writeDomains(tx, c.domains?.data ?? [], ids);
  await writeCompanies(tx, c.companies?.data ?? [], ids);
  await writeUsers(tx, c.users?.data ?? [], ids);
  await writeCourses(
    tx,
    c.courses.map((x) => x.data),
    ids,
  );
  // The courses programs and meetings name that this run did not write, found in one query for both.
  await ids.resolveCourses(tx, [...programs.flatMap((p) => p.courses.map((x) => x.course)), ...meetings.flatMap((m) => (m.course ? [m.course] : []))]);
  await writePrograms(tx, programs, ids);
  await writeBatches(
    tx,
    programs.flatMap((p) => p.batches.map((b) => ({ ...b, program: p.key }))),
    ids,
  );
  await writeMeetings(tx, meetings, ids, now);
  await writeCareerServiceRecords(tx, c["career-services"]?.data ?? [], ids, now);
}

function summarize(c: Content): ImportSummary {
  const versions = c.courses.flatMap((x) => x.data.versions);
  const chapters = versions.flatMap((v) => v.chapters);
  const items = chapters.flatMap((ch) => ch.subChapters.flatMap((sc) => sc.items));
  const programs = c.programs?.data ?? [];
  return {
    users: c.users?.data.length ?? 0,
    companies: c.companies?.data.length ?? 0,
    courses: c.courses.length,
    chapters: chapters.length,
    videos: items.filter((i) => i.video).length,
    mcqBlocks: items.filter((i) => i.mcq).length,
    essayBlocks: items.filter((i) => i.essay).length,
    scormItems: items.filter((i) => i.scorm).length,
    programs: programs.length,
    batches: programs.reduce((n, p) => n + p.batches.length, 0),
    meetings: c.meetings?.data.length ?? 0,
    careerServices: c["career-services"]?.data.length ?? 0,
  };
}
