import "server-only";
import { promises as fs } from "node:fs";
import path from "node:path";
import { and, eq, inArray, notInArray, sql, type SQL } from "drizzle-orm";
import type { PgColumn, PgTable, PgUpdateSetSource } from "drizzle-orm/pg-core";
import YAML from "yaml";
import { z } from "zod";
import { domainName } from "@/lib/contract/common";
import type { Db } from "@/lib/server/db/client";
import * as t from "@/lib/server/db/schema";
import { slugify } from "@/lib/slug";
import { CSET_DEFAULT_ATTEMPTS } from "@/lib/server/services/career-services/career-services-figures";
import * as s from "./schema";

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
}

type Tx = Parameters<Parameters<Db["transaction"]>[0]>[0];
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
  const problems = await checkReferences(db, content);
  if (problems.length) throw new ContentError(problems, dir);
  if (options.dryRun) return summarize(content);

  await db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${IMPORT_LOCK})`);
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
  const content: Content = { courses: [] };
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
      if (data !== undefined) content.courses.push({ file, data });
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

/** The value a conflicting insert proposed, for ON CONFLICT DO UPDATE. */
/** Relative meeting starts count from the minute of the import, so sessions start on a whole minute. */
const wholeMinute = (date: Date) => Math.floor(date.getTime() / 60_000) * 60_000;

const excluded = (column: PgColumn): SQL => sql.raw(`excluded."${column.name}"`);

const sameValue = (a: unknown, b: unknown): boolean => {
  if (a instanceof Date || b instanceof Date) return a instanceof Date && b instanceof Date && a.getTime() === b.getTime();
  if (typeof a === "object" && a !== null) return JSON.stringify(a) === JSON.stringify(b);
  return (a ?? null) === (b ?? null);
};

/** Updates only the columns that differ, so that an unchanged re-import writes nothing. */
async function updateChanged<T extends PgTable & { id: PgColumn }>(
  tx: Tx,
  table: T,
  existing: { id: string } & Record<string, unknown>,
  next: Record<string, unknown>,
): Promise<void> {
  const changes: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(next)) if (!sameValue(existing[k], v)) changes[k] = v;
  if (Object.keys(changes).length) await tx.update(table).set(changes as PgUpdateSetSource<T>).where(eq(table.id, existing.id));
}

function byKey<T, K>(rows: T[], key: (row: T) => K): Map<K, T> {
  return new Map(rows.map((r) => [key(r), r]));
}

function groupBy<T>(rows: T[], key: (row: T) => string): Map<string, T[]> {
  const out = new Map<string, T[]>();
  for (const r of rows) {
    const k = key(r);
    const list = out.get(k);
    if (list) list.push(r);
    else out.set(k, [r]);
  }
  for (const list of out.values()) list.sort((a, b) => Number((a as { position?: number }).position ?? 0) - Number((b as { position?: number }).position ?? 0));
  return out;
}

async function deleteIds(tx: Tx, table: PgTable & { id: PgColumn }, ids: string[]) {
  if (ids.length) await tx.delete(table).where(inArray(table.id, ids));
}

async function write(tx: Tx, c: Content, now: Date) {
  // Domains: the spec's seven, with slugs from domains.yaml where given.
  const domainRows = domainName.options.map((name) => ({ name, slug: slugify(name) }));
  for (const e of c.domains?.data ?? []) {
    if (typeof e !== "string" && e.slug) domainRows.find((d) => d.name === e.name)!.slug = e.slug;
  }
  const domainIds = new Map<string, string>();
  const existingDomains = await tx.select().from(t.domains);
  for (const d of domainRows) {
    const ex = existingDomains.find((r) => r.name === d.name);
    if (ex) {
      await updateChanged(tx, t.domains, ex, { slug: d.slug });
      domainIds.set(d.name, ex.id);
    } else {
      const [row] = await tx.insert(t.domains).values(d).returning({ id: t.domains.id });
      domainIds.set(d.name, row!.id);
    }
  }
  const domainId = (name: string | undefined) => (name ? domainIds.get(name)! : null);

  // Companies, by key.
  const companyIds = new Map<string, string>();
  const companies = c.companies?.data ?? [];
  if (companies.length) {
    const rows = await tx
      .insert(t.companies)
      .values(
        companies.map((x) => ({
          key: x.key,
          name: x.name,
          hostPattern: x.hostPattern,
          logoUrl: x.logoUrl,
          logoDarkUrl: x.logoDarkUrl ?? null,
          loginBackgroundUrl: x.loginBackgroundUrl ?? null,
        })),
      )
      .onConflictDoUpdate({
        target: t.companies.key,
        set: {
          name: excluded(t.companies.name),
          hostPattern: excluded(t.companies.hostPattern),
          logoUrl: excluded(t.companies.logoUrl),
          logoDarkUrl: excluded(t.companies.logoDarkUrl),
          loginBackgroundUrl: excluded(t.companies.loginBackgroundUrl),
        },
      })
      .returning({ id: t.companies.id, key: t.companies.key });
    for (const r of rows) companyIds.set(r.key, r.id);
  }
  const users = c.users?.data ?? [];
  const missingCompanies = [...new Set(users.flatMap((u) => (u.company && !companyIds.has(u.company) ? [u.company] : [])))];
  if (missingCompanies.length) {
    const rows = await tx.select({ id: t.companies.id, key: t.companies.key }).from(t.companies).where(inArray(t.companies.key, missingCompanies));
    for (const r of rows) companyIds.set(r.key, r.id);
  }

  // Users, by lower-cased e-mail.
  const userIds = new Map<string, string>();
  if (users.length) {
    const rows = await tx
      .insert(t.users)
      .values(
        users.map((u) => ({
          email: u.email,
          name: u.name,
          userKind: u.userKind,
          role: u.role,
          plan: u.plan,
          preferredLanguage: u.preferredLanguage,
          customerProfile: u.customerProfile ?? null,
          educationBackground: u.educationBackground ?? null,
          hasCareerServicesAccess: u.hasCareerServicesAccess,
          hasSoftwareLicenseAccess: u.hasSoftwareLicenseAccess,
          isEnrolledInPgCourse: u.isEnrolledInPgCourse,
          isO3ChatAvailable: u.isO3ChatAvailable,
          phone: u.phone ?? null,
          countryCode: u.countryCode ?? null,
          domain: u.domain ?? null,
          companyId: u.company ? companyIds.get(u.company)! : null,
        })),
      )
      .onConflictDoUpdate({
        target: t.users.email,
        set: {
          name: excluded(t.users.name),
          userKind: excluded(t.users.userKind),
          role: excluded(t.users.role),
          plan: excluded(t.users.plan),
          preferredLanguage: excluded(t.users.preferredLanguage),
          customerProfile: excluded(t.users.customerProfile),
          educationBackground: excluded(t.users.educationBackground),
          hasCareerServicesAccess: excluded(t.users.hasCareerServicesAccess),
          hasSoftwareLicenseAccess: excluded(t.users.hasSoftwareLicenseAccess),
          isEnrolledInPgCourse: excluded(t.users.isEnrolledInPgCourse),
          isO3ChatAvailable: excluded(t.users.isO3ChatAvailable),
          phone: excluded(t.users.phone),
          countryCode: excluded(t.users.countryCode),
          domain: excluded(t.users.domain),
          companyId: excluded(t.users.companyId),
        },
      })
      .returning({ id: t.users.id, email: t.users.email });
    for (const r of rows) userIds.set(r.email, r.id);
  }

  // Courses, by key; then their versions and trees.
  const courseIds = new Map<string, string>();
  if (c.courses.length) {
    const rows = await tx
      .insert(t.courses)
      .values(
        c.courses.map(({ data: x }) => ({
          key: x.key,
          slug: slugify(x.name),
          slugId: x.slugId,
          name: x.name,
          description: x.description,
          image: x.image ?? null,
          domainId: domainId(x.domain)!,
          courseType: x.courseType,
          priceCents: x.price === undefined ? null : Math.round(x.price * 100),
          currency: x.currency,
          isPremium: x.isPremium,
        })),
      )
      .onConflictDoUpdate({
        target: t.courses.key,
        set: {
          slug: excluded(t.courses.slug),
          slugId: excluded(t.courses.slugId),
          name: excluded(t.courses.name),
          description: excluded(t.courses.description),
          image: excluded(t.courses.image),
          domainId: excluded(t.courses.domainId),
          courseType: excluded(t.courses.courseType),
          priceCents: excluded(t.courses.priceCents),
          currency: excluded(t.courses.currency),
          isPremium: excluded(t.courses.isPremium),
          // Its trees are rewritten below: the servers' cached trees of the course are stale from now on.
          treeRevision: sql`${t.courses.treeRevision} + 1`,
        },
      })
      .returning({ id: t.courses.id, key: t.courses.key });
    for (const r of rows) courseIds.set(r.key, r.id);
    for (const { data } of c.courses) await writeVersions(tx, courseIds.get(data.key)!, data.versions);
  }

  const programs = c.programs?.data ?? [];
  const meetings = c.meetings?.data ?? [];
  const missingCourses = [
    ...new Set([
      ...programs.flatMap((p) => p.courses.map((x) => x.course)),
      ...meetings.flatMap((m) => (m.course ? [m.course] : [])),
    ]),
  ].filter((k) => !courseIds.has(k));
  if (missingCourses.length) {
    const rows = await tx.select({ id: t.courses.id, key: t.courses.key }).from(t.courses).where(inArray(t.courses.key, missingCourses));
    for (const r of rows) courseIds.set(r.key, r.id);
  }

  // Programs, by key, with their course lists and batches.
  if (programs.length) {
    const rows = await tx
      .insert(t.programs)
      .values(
        programs.map((p) => ({
          key: p.key,
          slug: slugify(p.name),
          name: p.name,
          description: p.description,
          image: p.image ?? null,
          domainId: domainId(p.domain),
        })),
      )
      .onConflictDoUpdate({
        target: t.programs.key,
        set: {
          slug: excluded(t.programs.slug),
          name: excluded(t.programs.name),
          description: excluded(t.programs.description),
          image: excluded(t.programs.image),
          domainId: excluded(t.programs.domainId),
        },
      })
      .returning({ id: t.programs.id, key: t.programs.key });
    const programIds = byKey(rows, (r) => r.key);

    for (const p of programs) {
      const programId = programIds.get(p.key)!.id;
      const ids = p.courses.map((x) => courseIds.get(x.course)!);
      await tx
        .delete(t.programCourses)
        .where(ids.length ? and(eq(t.programCourses.programId, programId), notInArray(t.programCourses.courseId, ids)) : eq(t.programCourses.programId, programId));
      if (ids.length)
        await tx
          .insert(t.programCourses)
          .values(p.courses.map((x, i) => ({ programId, courseId: courseIds.get(x.course)!, position: i, courseType: x.courseType })))
          .onConflictDoUpdate({
            target: [t.programCourses.programId, t.programCourses.courseId],
            set: { position: excluded(t.programCourses.position), courseType: excluded(t.programCourses.courseType) },
          });
    }

    const batches = programs.flatMap((p) => p.batches.map((b) => ({ ...b, programId: programIds.get(p.key)!.id })));
    if (batches.length) {
      const batchRows = await tx
        .insert(t.batches)
        .values(
          batches.map((b) => ({
            key: b.key,
            name: b.name,
            programId: b.programId,
            enrollmentType: b.enrollmentType,
            allowManualVideoCompletion: b.allowManualVideoCompletion,
            startsAt: b.startsAt ?? null,
            accountExpiresAt: b.accountExpiresAt ?? null,
          })),
        )
        .onConflictDoUpdate({
          target: t.batches.key,
          set: {
            name: excluded(t.batches.name),
            programId: excluded(t.batches.programId),
            enrollmentType: excluded(t.batches.enrollmentType),
            allowManualVideoCompletion: excluded(t.batches.allowManualVideoCompletion),
            startsAt: excluded(t.batches.startsAt),
            accountExpiresAt: excluded(t.batches.accountExpiresAt),
          },
        })
        .returning({ id: t.batches.id, key: t.batches.key });
      const batchIds = byKey(batchRows, (r) => r.key);

      const missingUsers = [...new Set(batches.flatMap((b) => b.members))].filter((e) => !userIds.has(e));
      if (missingUsers.length) {
        const found = await tx.select({ id: t.users.id, email: t.users.email }).from(t.users).where(inArray(t.users.email, missingUsers));
        for (const r of found) userIds.set(r.email, r.id);
      }
      const members = batches.flatMap((b) => b.members.map((e) => ({ batchId: batchIds.get(b.key)!.id, userId: userIds.get(e)! })));
      if (members.length) await tx.insert(t.batchMembers).values(members).onConflictDoNothing();
    }
  }

  // Meetings, by key; relative starts count from `now`. What a calendar shows of a meeting changed: its calendar revision goes up.
  const meetingChanged = sql.raw(
    `(${[t.meetings.title, t.meetings.description, t.meetings.startDate, t.meetings.durationInMinutes, t.meetings.joinLink, t.meetings.meetingTakerName, t.meetings.meetingTakerEmail]
      .map((c) => `"meetings"."${c.name}" is distinct from excluded."${c.name}"`)
      .join(" or ")})`,
  );
  if (meetings.length) {
    await tx
      .insert(t.meetings)
      .values(
        meetings.map((m) => ({
          key: m.key,
          title: m.title,
          courseId: m.course ? courseIds.get(m.course)! : null,
          meetingTakerName: m.meetingTakerName,
          meetingTakerEmail: m.meetingTakerEmail,
          startDate: "at" in m.start ? m.start.at : new Date(wholeMinute(now) + m.start.offsetMs),
          durationInMinutes: m.durationInMinutes,
          description: m.description,
          joinLink: m.joinLink,
          position: m.order,
          timeZone: m.timeZone,
        })),
      )
      .onConflictDoUpdate({
        target: t.meetings.key,
        set: {
          title: excluded(t.meetings.title),
          courseId: excluded(t.meetings.courseId),
          meetingTakerName: excluded(t.meetings.meetingTakerName),
          meetingTakerEmail: excluded(t.meetings.meetingTakerEmail),
          startDate: excluded(t.meetings.startDate),
          durationInMinutes: excluded(t.meetings.durationInMinutes),
          description: excluded(t.meetings.description),
          joinLink: excluded(t.meetings.joinLink),
          position: excluded(t.meetings.position),
          timeZone: excluded(t.meetings.timeZone),
          // Calendars that saved the session replace their copy only when SEQUENCE goes up (RFC 5545).
          sequence: sql`case when ${meetingChanged} then "meetings"."sequence" + 1 else "meetings"."sequence" end`,
          updatedAt: sql`case when ${meetingChanged} then now() else "meetings"."updated_at" end`,
        },
      });
  }

  // Career-services records, by learner: each replaces the learner's whole record, so importing the same file twice changes nothing.
  const careerRecords = c["career-services"]?.data ?? [];
  if (careerRecords.length) {
    const missing = careerRecords.map((r) => r.email).filter((e) => !userIds.has(e));
    if (missing.length) {
      const found = await tx.select({ id: t.users.id, email: t.users.email }).from(t.users).where(inArray(t.users.email, missing));
      for (const r of found) userIds.set(r.email, r.id);
    }
    const byDate = <T>(list: T[], at: (x: T) => Date) => [...list].sort((a, b) => at(a).getTime() - at(b).getTime());
    await tx
      .insert(t.careerServiceRecords)
      .values(
        careerRecords.map((r) => ({
          userId: userIds.get(r.email)!,
          csetAttemptsAllowed: r.csetAttemptsAllowed ?? CSET_DEFAULT_ATTEMPTS,
          csetAttempts: byDate(r.csetAttempts, (a) => a.takenAt).map((a) => ({ takenAt: a.takenAt.toISOString(), result: a.result })),
          mockInterviewsGranted: r.mockInterviews.granted,
          mockInterviewsUsed: r.mockInterviews.used,
          clientInterviewsGranted: r.clientInterviews.granted,
          clientInterviewsUsed: r.clientInterviews.used,
          offers: byDate(r.offers, (o) => o.receivedAt).map((o) => ({ company: o.company, role: o.role, receivedAt: o.receivedAt.toISOString() })),
          updatedAt: now,
        })),
      )
      .onConflictDoUpdate({
        target: t.careerServiceRecords.userId,
        set: {
          csetAttemptsAllowed: excluded(t.careerServiceRecords.csetAttemptsAllowed),
          csetAttempts: excluded(t.careerServiceRecords.csetAttempts),
          mockInterviewsGranted: excluded(t.careerServiceRecords.mockInterviewsGranted),
          mockInterviewsUsed: excluded(t.careerServiceRecords.mockInterviewsUsed),
          clientInterviewsGranted: excluded(t.careerServiceRecords.clientInterviewsGranted),
          clientInterviewsUsed: excluded(t.careerServiceRecords.clientInterviewsUsed),
          offers: excluded(t.careerServiceRecords.offers),
          updatedAt: excluded(t.careerServiceRecords.updatedAt),
        },
        // An unchanged record is not rewritten (its updatedAt stays).
        setWhere: sql`(${t.careerServiceRecords.csetAttemptsAllowed}, ${t.careerServiceRecords.csetAttempts}, ${t.careerServiceRecords.mockInterviewsGranted},
          ${t.careerServiceRecords.mockInterviewsUsed}, ${t.careerServiceRecords.clientInterviewsGranted}, ${t.careerServiceRecords.clientInterviewsUsed},
          ${t.careerServiceRecords.offers}) is distinct from (${excluded(t.careerServiceRecords.csetAttemptsAllowed)}, ${excluded(t.careerServiceRecords.csetAttempts)},
          ${excluded(t.careerServiceRecords.mockInterviewsGranted)}, ${excluded(t.careerServiceRecords.mockInterviewsUsed)},
          ${excluded(t.careerServiceRecords.clientInterviewsGranted)}, ${excluded(t.careerServiceRecords.clientInterviewsUsed)}, ${excluded(t.careerServiceRecords.offers)})`,
      });
  }
}

/** Versions are matched by name; the current one is the one marked, else the latest released. */
async function writeVersions(tx: Tx, courseId: string, versions: s.CourseVersionInput[]) {
  const existing = await tx.select().from(t.courseVersions).where(eq(t.courseVersions.courseId, courseId));
  const marked = versions.findIndex((v) => v.current === true);
  let current = marked;
  if (current < 0) {
    current = 0;
    versions.forEach((v, i) => {
      if (v.releasedAt.getTime() >= versions[current]!.releasedAt.getTime()) current = i;
    });
  }
  const kept = new Set<string>();
  for (const [i, v] of versions.entries()) {
    const next = { versionName: v.name, releasedAt: v.releasedAt, isCurrent: i === current };
    const ex = existing.find((r) => r.versionName === v.name);
    let versionId: string;
    if (ex) {
      await updateChanged(tx, t.courseVersions, ex, next);
      versionId = ex.id;
    } else {
      const [row] = await tx
        .insert(t.courseVersions)
        .values({ courseId, ...next })
        .returning({ id: t.courseVersions.id });
      versionId = row!.id;
    }
    kept.add(versionId);
    await writeTree(tx, versionId, v.chapters);
  }
  await deleteIds(
    tx,
    t.courseVersions,
    existing.filter((r) => !kept.has(r.id)).map((r) => r.id),
  );
}

/**
 * Brings a version's chapters, sub-chapters and items in line with the file. Rows are matched by
 * slugId within the version (a sub-chapter or item may move to another parent and keeps its id);
 * questions, options and criteria are matched by position. Rows no longer in the file are deleted.
 */
async function writeTree(tx: Tx, versionId: string, chapters: s.CourseVersionInput["chapters"]) {
  const exChapters = await tx.select().from(t.chapters).where(eq(t.chapters.versionId, versionId));
  const exChapterIds = exChapters.map((r) => r.id);
  const exSubs = exChapterIds.length ? await tx.select().from(t.subChapters).where(inArray(t.subChapters.chapterId, exChapterIds)) : [];
  const exSubIds = exSubs.map((r) => r.id);
  const exVideos = exSubIds.length ? await tx.select().from(t.videos).where(inArray(t.videos.subChapterId, exSubIds)) : [];
  const exMcqs = exSubIds.length ? await tx.select().from(t.mcqBlocks).where(inArray(t.mcqBlocks.subChapterId, exSubIds)) : [];
  const exEssays = exSubIds.length ? await tx.select().from(t.essayBlocks).where(inArray(t.essayBlocks.subChapterId, exSubIds)) : [];
  const exQuestions = exMcqs.length ? await tx.select().from(t.mcqQuestions).where(inArray(t.mcqQuestions.blockId, exMcqs.map((r) => r.id))) : [];
  const exOptions = exQuestions.length
    ? await tx.select().from(t.mcqOptions).where(inArray(t.mcqOptions.questionId, exQuestions.map((r) => r.id)))
    : [];
  const exCriteria = exEssays.length ? await tx.select().from(t.essayCriteria).where(inArray(t.essayCriteria.blockId, exEssays.map((r) => r.id))) : [];

  const chapterBySlug = byKey(exChapters, (r) => r.slugId);
  const subBySlug = byKey(exSubs, (r) => r.slugId);
  const videoBySlug = byKey(exVideos, (r) => r.slugId);
  const mcqBySlug = byKey(exMcqs, (r) => r.slugId);
  const essayBySlug = byKey(exEssays, (r) => r.slugId);
  const questionsByBlock = groupBy(exQuestions, (r) => r.blockId);
  const optionsByQuestion = groupBy(exOptions, (r) => r.questionId);
  const criteriaByBlock = groupBy(exCriteria, (r) => r.blockId);

  const kept = { chapters: new Set<string>(), subs: new Set<string>(), videos: new Set<string>(), mcqs: new Set<string>(), essays: new Set<string>() };

  for (const [ci, ch] of chapters.entries()) {
    const chapterRow = { versionId, title: ch.title, position: ci, emoji: ch.emoji ?? null, slug: slugify(ch.title), slugId: ch.slugId };
    const chapterId = await upsertRow(tx, t.chapters, chapterBySlug.get(ch.slugId), chapterRow);
    kept.chapters.add(chapterId);

    for (const [si, sub] of ch.subChapters.entries()) {
      const subRow = { chapterId, title: sub.title, position: si, emoji: sub.emoji ?? null, slug: slugify(sub.title), slugId: sub.slugId };
      const subChapterId = await upsertRow(tx, t.subChapters, subBySlug.get(sub.slugId), subRow);
      kept.subs.add(subChapterId);

      for (const [position, it] of sub.items.entries()) {
        if (it.video) {
          const v = it.video;
          const row = {
            subChapterId,
            position,
            title: v.title,
            slug: slugify(v.title),
            slugId: v.slugId,
            description: v.description,
            provider: v.provider,
            source: v.source,
            durationSeconds: v.durationSeconds,
            coverImage: v.coverImage ?? null,
            captionsUrl: v.captionsUrl ?? null,
            pageContent: v.pageContent ?? null,
            toolsCovered: v.toolsCovered,
            isFreePreview: v.freePreview,
          };
          kept.videos.add(await upsertRow(tx, t.videos, videoBySlug.get(v.slugId), row));
        } else if (it.mcq) {
          const m = it.mcq;
          const row = { subChapterId, position, title: m.title, slug: slugify(m.title), slugId: m.slugId, durationInMinutes: m.durationInMinutes };
          const blockId = await upsertRow(tx, t.mcqBlocks, mcqBySlug.get(m.slugId), row);
          kept.mcqs.add(blockId);
          await writeQuestions(tx, blockId, m.questions, questionsByBlock.get(blockId) ?? [], optionsByQuestion);
        } else if (it.essay) {
          const e = it.essay;
          const row = {
            subChapterId,
            position,
            title: e.title,
            slug: slugify(e.title),
            slugId: e.slugId,
            question: e.question,
            description: e.description,
            referenceDocument: e.referenceDocument ?? null,
            solutionDocument: e.solutionDocument ?? null,
            durationInMinutes: e.durationInMinutes,
          };
          const blockId = await upsertRow(tx, t.essayBlocks, essayBySlug.get(e.slugId), row);
          kept.essays.add(blockId);
          const exList = criteriaByBlock.get(blockId) ?? [];
          for (const [ki, k] of e.criteria.entries()) {
            await upsertRow(tx, t.essayCriteria, exList[ki], {
              blockId,
              position: ki,
              gradingCriteria: k.gradingCriteria,
              description: k.description,
              marks: k.marks,
            });
          }
          await deleteIds(
            tx,
            t.essayCriteria,
            exList.slice(e.criteria.length).map((r) => r.id),
          );
        }
      }
    }
  }

  // Deleted last: rows that moved to another parent have been re-attached by now.
  const gone = <T extends { id: string }>(rows: T[], keep: Set<string>) => rows.filter((r) => !keep.has(r.id)).map((r) => r.id);
  await deleteIds(tx, t.videos, gone(exVideos, kept.videos));
  await deleteIds(tx, t.mcqBlocks, gone(exMcqs, kept.mcqs));
  await deleteIds(tx, t.essayBlocks, gone(exEssays, kept.essays));
  await deleteIds(tx, t.subChapters, gone(exSubs, kept.subs));
  await deleteIds(tx, t.chapters, gone(exChapters, kept.chapters));
}

async function writeQuestions(
  tx: Tx,
  blockId: string,
  questions: s.McqBlockInput["questions"],
  existing: (typeof t.mcqQuestions.$inferSelect)[],
  optionsByQuestion: Map<string, (typeof t.mcqOptions.$inferSelect)[]>,
) {
  for (const [qi, q] of questions.entries()) {
    const questionId = await upsertRow(tx, t.mcqQuestions, existing[qi], { blockId, position: qi, question: q.question, mark: q.mark });
    const exOptions = optionsByQuestion.get(questionId) ?? [];
    for (const [oi, o] of q.options.entries()) {
      await upsertRow(tx, t.mcqOptions, exOptions[oi], { questionId, position: oi, value: o.value, isCorrect: o.correct });
    }
    await deleteIds(
      tx,
      t.mcqOptions,
      exOptions.slice(q.options.length).map((r) => r.id),
    );
  }
  await deleteIds(
    tx,
    t.mcqQuestions,
    existing.slice(questions.length).map((r) => r.id),
  );
}

/** Updates the matched row in place (keeping its id) or inserts a new one; returns the id. */
async function upsertRow<T extends PgTable & { id: PgColumn }>(
  tx: Tx,
  table: T,
  existing: ({ id: string } & Record<string, unknown>) | undefined,
  next: T["$inferInsert"] & Record<string, unknown>,
): Promise<string> {
  if (existing) {
    await updateChanged(tx, table, existing, next);
    return existing.id;
  }
  const rows = (await tx
    .insert(table)
    .values(next as never)
    .returning({ id: table.id })) as { id: string }[];
  return rows[0]!.id;
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
    programs: programs.length,
    batches: programs.reduce((n, p) => n + p.batches.length, 0),
    meetings: c.meetings?.data.length ?? 0,
    careerServices: c["career-services"]?.data.length ?? 0,
  };
}
