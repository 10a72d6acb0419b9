import "server-only";
import { createWriteStream, promises as fs } from "node:fs";
import path from "node:path";
import { Readable } from "node:stream";
import { pipeline } from "node:stream/promises";
import { inArray } from "drizzle-orm";
import YAML from "yaml";
import type { z } from "zod";
import { serverEnv } from "@/lib/env";
import type { Db } from "@/lib/server/db/client";
import * as t from "@/lib/server/db/schema";
import { fileStoreFromEnv, type FileStore } from "@/lib/server/storage/file-store";
import { readCareerServiceRecords } from "./readers/career-services";
import { readCompanies } from "./readers/companies";
import type { ContentChapter } from "./readers/course-tree";
import { readCourses } from "./readers/courses";
import { readDomains } from "./readers/domains";
import { readMeetings } from "./readers/meetings";
import { readPrograms } from "./readers/programs";
import { readUsers } from "./readers/users";
import * as s from "./schema";
import { zipKey } from "./scorm-packages";
import type { Tx } from "./writers/rows";

/*
 * The reverse of import-content.ts: the database's content as a content directory the importer
 * reads back into the same rows (docs/content-format.md). Every entity is read by its reader
 * (lib/server/content/readers), the counterpart of its writer. The files are the same for the same
 * rows: keys in the order of the importer's schema, lists sorted by key or e-mail except where their
 * order means something (chapters, sub-chapters, items, questions, options, criteria, a program's
 * courses), one course per file named after its key.
 */

/** Raised when the target directory cannot take an export; the message says why and what to do. */
export class ExportTargetError extends Error {
  constructor(message: string) {
    super(message);
    this.name = "ExportTargetError";
  }
}

export interface ExportSummary {
  domains: number;
  companies: number;
  users: number;
  courses: number;
  programs: number;
  batches: number;
  meetings: number;
  careerServices: number;
}

export interface ExportResult {
  /** The files written, relative to the directory, sorted. */
  files: string[];
  summary: ExportSummary;
  /** What the database holds that no content file can: one line each. */
  skipped: string[];
  /** Values written that content:import would refuse (fix them in the files before importing): one line each. */
  invalid: string[];
}

/** A SCORM package's zip an export writes: its path in the directory and its key in the file store. */
export interface ExportedPackage {
  file: string;
  key: string;
}

export interface ExportOptions {
  /** Write into a directory that holds files: its content files (.yaml, .yml, .json, and those of courses/) are replaced. */
  force?: boolean;
  /** Where SCORM packages' zips are read from; the store the settings choose when left out. */
  fileStore?: FileStore;
}

const contentExtensions = [".yaml", ".yml", ".json"];
const isContentFile = (name: string) => contentExtensions.includes(path.extname(name).toLowerCase());

/**
 * A content file's text: a comment naming what it holds, then YAML with the keys in the order given,
 * a blank line between the entries of a list file, long lines folded at 100 characters.
 */
export function contentYaml(value: unknown, comment: string): string {
  const doc = new YAML.Document(value);
  doc.commentBefore = ` ${comment}\n Written by npm run content:export; the format: docs/content-format.md`;
  if (YAML.isSeq(doc.contents)) doc.contents.items.forEach((item, i) => YAML.isMap(item) && i > 0 && (item.spaceBefore = true));
  return doc.toString({ lineWidth: 100, minContentWidth: 40 });
}

/** The content directory the database holds, as file name to text (nothing is written). */
export async function contentFiles(
  db: Db,
): Promise<{ files: Map<string, string>; packages: ExportedPackage[]; summary: ExportSummary; skipped: string[]; invalid: string[] }> {
  // One transaction: every file shows the database at the same moment.
  return db.transaction(async (tx) => {
    const domains = await readDomains(tx);
    const companies = await readCompanies(tx);
    const users = await readUsers(tx);
    const { courses, withoutVersions } = await readCourses(tx);
    const { programs, batchesWithoutProgram } = await readPrograms(tx);
    const meetings = await readMeetings(tx);
    const careerServices = await readCareerServiceRecords(tx);
    const packages = await namePackages(tx, courses);

    const files = new Map<string, string>();
    const invalid: string[] = [];
    // What the database holds that the importer would refuse (a row written by other means than the files).
    const check = (file: string, schema: z.ZodType, value: unknown) => {
      const result = schema.safeParse(value);
      if (!result.success) for (const i of result.error.issues) invalid.push(`${file}: ${i.path.map(String).join(".")}: ${i.message}`);
    };
    check("domains.yaml", s.domainsFile, domains);
    check("companies.yaml", s.companiesFile, companies);
    check("users.yaml", s.usersFile, users);
    for (const course of courses) check(`courses/${course.key}.yaml`, s.course, course);
    check("programs.yaml", s.programsFile, programs);
    check("meetings.yaml", s.meetingsFile, meetings);
    check("career-services.yaml", s.careerServicesFile, careerServices);

    files.set("domains.yaml", contentYaml(domains, "The domains courses and programs belong to (the seven always exist; an entry gives a slug of its own)."));
    if (companies.length) files.set("companies.yaml", contentYaml(companies, "Companies: branding chosen by matching the request host against hostPattern."));
    if (users.length) files.set("users.yaml", contentYaml(users, "Users, matched by e-mail."));
    for (const course of courses) files.set(`courses/${course.key}.yaml`, contentYaml(course, `The course "${course.key}": its versions, each with its chapters, sub-chapters and items.`));
    if (programs.length) files.set("programs.yaml", contentYaml(programs, "Programs: their courses in order, and their batches with members."));
    if (meetings.length) files.set("meetings.yaml", contentYaml(meetings, "Group meetings; start is the instant in the organiser's time zone."));
    if (careerServices.length) files.set("career-services.yaml", contentYaml(careerServices, "Career-services records, matched by e-mail; each replaces the learner's whole record."));

    const skipped = [
      ...withoutVersions.map((k) => `course "${k}": it has no version yet (publish one in the studio), and a course file needs one`),
      ...batchesWithoutProgram.map((k) => `batch "${k}": its program was deleted, and programs.yaml holds a batch under its program`),
    ];
    const summary: ExportSummary = {
      domains: domains.length,
      companies: companies.length,
      users: users.length,
      courses: courses.length,
      programs: programs.length,
      batches: programs.reduce((n, p) => n + p.batches.length, 0),
      meetings: meetings.length,
      careerServices: careerServices.length,
    };
    return { files: new Map([...files].sort(([a], [b]) => (a < b ? -1 : 1))), packages, summary, skipped, invalid };
  });
}

/**
 * Gives each stored SCORM package its file under courses/packages/ (its own file name; with the
 * start of its SHA-256 added when two packages share one) and points the items at it.
 */
async function namePackages(tx: Tx, courses: { versions: { chapters: ContentChapter[] }[] }[]): Promise<ExportedPackage[]> {
  const items = courses.flatMap((c) => c.versions.flatMap((v) => v.chapters.flatMap((ch) => ch.subChapters.flatMap((sub) => sub.items.flatMap((it) => (it.scorm ? [it.scorm] : []))))));
  const shas = [...new Set(items.map((i) => i.package.replace(/^scorm:/, "")))].sort();
  if (!shas.length) return [];
  const rows = await tx.select({ sha256: t.scormPackages.sha256, fileName: t.scormPackages.fileName }).from(t.scormPackages).where(inArray(t.scormPackages.sha256, shas));
  const byName = new Map<string, string>();
  const names = new Map<string, string>();
  for (const r of rows.sort((a, b) => (a.sha256 < b.sha256 ? -1 : 1))) {
    const taken = byName.has(r.fileName.toLowerCase());
    const name = taken ? `${path.basename(r.fileName, ".zip")}-${r.sha256.slice(0, 8)}.zip` : r.fileName;
    byName.set(name.toLowerCase(), r.sha256);
    names.set(`scorm:${r.sha256}`, name);
  }
  for (const item of items) {
    const name = names.get(item.package);
    if (name) item.package = `packages/${name}`;
  }
  return [...names].map(([ref, name]) => ({ file: `courses/packages/${name}`, key: zipKey(ref.slice("scorm:".length)) }));
}

/** What stands in the way of writing into `dir`: its entries (none for a new or empty directory). */
async function entriesOf(dir: string): Promise<string[]> {
  try {
    return await fs.readdir(dir);
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === "ENOENT") return [];
    if ((err as NodeJS.ErrnoException).code === "ENOTDIR") throw new ExportTargetError(`${dir} is a file, not a directory.`);
    throw err;
  }
}

/** Removes the content files an earlier export (or an author) left in `dir`, so that only what is exported remains. */
async function removeContentFiles(dir: string) {
  for (const entry of await fs.readdir(dir, { withFileTypes: true })) {
    if (entry.isFile() && isContentFile(entry.name)) await fs.rm(path.join(dir, entry.name));
  }
  const courses = path.join(dir, "courses");
  const inCourses = await fs.readdir(courses, { withFileTypes: true }).catch(() => []);
  for (const entry of inCourses) if (entry.isFile() && isContentFile(entry.name)) await fs.rm(path.join(courses, entry.name));
}

/**
 * Writes the database's content into `dir` in the importer's format. A directory that holds anything
 * is refused unless `force` (then its content files are replaced; other files stay).
 */
export async function exportContent(db: Db, dir: string, options: ExportOptions = {}): Promise<ExportResult> {
  const existing = await entriesOf(dir);
  if (existing.length && !options.force) {
    const shown = existing.sort().slice(0, 3).join(", ");
    throw new ExportTargetError(
      `${dir} is not empty (${shown}${existing.length > 3 ? ", ..." : ""}): export into a new or empty directory, or add --force to replace its content files.`,
    );
  }
  const { files, packages, summary, skipped, invalid } = await contentFiles(db);
  await fs.mkdir(dir, { recursive: true });
  if (existing.length) await removeContentFiles(dir);
  for (const [name, text] of files) {
    await fs.mkdir(path.dirname(path.join(dir, name)), { recursive: true });
    await fs.writeFile(path.join(dir, name), text);
  }
  const store = packages.length ? (options.fileStore ?? fileStoreFromEnv(serverEnv())) : undefined;
  for (const p of packages) {
    const stored = await store!.get(p.key);
    if (!stored) {
      skipped.push(`${p.file}: the package's zip is missing from the file store (${p.key})`);
      continue;
    }
    await fs.mkdir(path.dirname(path.join(dir, p.file)), { recursive: true });
    await pipeline(Readable.fromWeb(stored.stream() as import("node:stream/web").ReadableStream), createWriteStream(path.join(dir, p.file)));
  }
  return { files: [...files.keys(), ...packages.map((p) => p.file)].sort(), summary, skipped, invalid };
}
