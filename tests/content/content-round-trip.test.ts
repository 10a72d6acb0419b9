import { randomUUID } from "node:crypto";
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, renameSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import YAML from "yaml";
import { eq } from "drizzle-orm";
import { exportContent, ExportTargetError } from "@/lib/server/content/export-content";
import { importContent } from "@/lib/server/content/import-content";
import { readCourseTree } from "@/lib/server/content/readers/course-tree";
import { insertCourseTree } from "@/lib/server/content/writers/course-tree";
import type { Database } from "@/lib/server/db/client";
import * as t from "@/lib/server/db/schema";
import * as schema from "@/lib/server/content/schema";
import { contentFileSchemas, fieldPaths, pathsOf } from "../support/content-fields";
import { launchPage, manifest12, writeZip } from "../support/scorm-packages";
import { openTestDatabase } from "../support/test-db";

const demoDir = path.join(process.cwd(), "content/demo");
const now = new Date("2025-01-15T10:00:37.250Z");

/** A content directory that sets every field the importer reads, each to a value other than its default. */
const everyField: Record<string, string> = {
  "domains.yaml": `
- Mechanical
- name: Telecom
  slug: telecoms
`,
  "companies.yaml": `
- key: every-co
  name: Every Field Ltd
  hostPattern: "*.every.example.com"
  logoUrl: https://every.example.com/logo.svg
  logoDarkUrl: /brand/every/logo-dark.svg
  loginBackgroundUrl: /brand/every/login.svg
`,
  "users.yaml": `
- email: Every.One@Example.test
  name: Every One
  userKind: Employee
  role: author
  plan: Premium
  preferredLanguage: Hindi
  customerProfile: Student
  educationBackground: Non-Engineering
  hasCareerServicesAccess: true
  hasSoftwareLicenseAccess: true
  isEnrolledInPgCourse: true
  isO3ChatAvailable: true
  phone: 9000000001
  countryCode: "+44"
  domain: Civil
  company: every-co
`,
  "courses/every.yml": `
key: every-course
slugId: every-course-id
name: "Every Field: a Course"
description: A course that sets every field.
image: /covers/every.svg
domain: Telecom
courseType: mandatory
price: 49.99
currency: USD
isPremium: true
versions:
  - name: First
    releasedAt: 2024-01-01
    current: true
    chapters:
      - slugId: ch
        title: Chapter
        emoji: "📡"
        subChapters:
          - slugId: sub
            title: Sub-chapter
            emoji: "🔧"
            items:
              - video:
                  slugId: clip
                  title: Clip
                  description: An uploaded clip.
                  provider: uploadedVideo
                  source: every/clip.mp4
                  durationSeconds: 95
                  coverImage: /covers/clip.png
                  captionsUrl: https://every.example.com/clip.vtt
                  pageContent: |
                    # Notes

                    Read *this* first.
                  toolsCovered: [MATLAB, Octave]
                  freePreview: true
              - mcq:
                  slugId: quiz
                  title: Quiz
                  durationInMinutes: 12
                  passMark: 60
                  attemptsAllowed: 2
                  questions:
                    - question: Which is right?
                      mark: 3
                      options:
                        - { value: This one, correct: true }
                        - { value: That one }
                    - question: And now?
                      mark: 0
                      options: [{ value: "yes", correct: true }, { value: "no", correct: true }]
              - essay:
                  slugId: write
                  title: Write
                  question: Explain the link budget.
                  description: In your own words.
                  referenceDocument: /docs/reference.pdf
                  solutionDocument: https://every.example.com/solution.pdf
                  durationInMinutes: 90
                  passMark: 50
                  minWords: 100
                  maxWords: 800
                  criteria:
                    - gradingCriteria: Accuracy
                      description: The numbers are right.
                      marks: 6
                    - gradingCriteria: Clarity
                      marks: 4
  - name: Second
    releasedAt: 2024-06-01T12:30:00Z
    chapters:
      - slugId: only
        title: Only Chapter
        subChapters:
          - slugId: only-sub
            title: Only Sub-chapter
            items:
              - video: { slugId: v, title: V, provider: vdocipher, source: abcdef123456, durationSeconds: 30 }
              - scorm:
                  slugId: safety
                  title: Safety Basics
                  package: packages/every.zip
                  passMark: 70
`,
  "programs.yaml": `
- key: every-program
  name: Every Program
  description: Every field of a program.
  image: /covers/every-program.svg
  domain: Telecom
  sequential: true
  lockedMessage: Finish the course before this one first.
  courses:
    - course: every-course
      courseType: nonMandatory
    - course: cad-solidworks
  batches:
    - key: every-batch
      name: Every Batch
      enrollmentType: No Auto Enrollment
      allowManualVideoCompletion: true
      startsAt: 2025-03-01T08:00:00+05:30
      accountExpiresAt: 2026-03-01
      members: [every.one@example.test, learner@demo.test]
`,
  "meetings.yaml": `
- key: every-meeting
  title: Every Meeting
  course: every-course
  meetingTakerName: Every One
  meetingTakerEmail: every.one@example.test
  start: 2027-03-29T18:00
  durationInMinutes: 45
  description: Every field of a meeting.
  joinLink: https://meet.example.com/every
  order: 3
  timeZone: Europe/Berlin
  cancelledAt: 2027-03-20T09:30:00Z
`,
  "career-services.yaml": `
- email: every.one@example.test
  csetAttemptsAllowed: 4
  csetAttempts:
    - { takenAt: 2025-02-01T09:15:30Z, result: pass }
    - { takenAt: 2025-01-01, result: fail }
  mockInterviews: { granted: 3, used: 2 }
  clientInterviews: { granted: 5, used: 1 }
  offers:
    - { company: Every Co, role: RF Engineer, receivedAt: 2025-03-10 }
`,
};

const tempDirs: string[] = [];
const tempDir = () => {
  const dir = mkdtempSync(path.join(os.tmpdir(), "content-export-"));
  tempDirs.push(dir);
  return dir;
};

/** Every file under `dir`, relative path to text. */
function readTree(dir: string, under = ""): Map<string, string> {
  const out = new Map<string, string>();
  for (const entry of readdirSync(path.join(dir, under), { withFileTypes: true })) {
    const rel = under ? `${under}/${entry.name}` : entry.name;
    if (entry.isDirectory()) for (const [k, v] of readTree(dir, rel)) out.set(k, v);
    else out.set(rel, readFileSync(path.join(dir, rel), "utf8"));
  }
  return new Map([...out].sort(([a], [b]) => (a < b ? -1 : 1)));
}

type Item = { video?: Record<string, unknown>; mcq?: Record<string, unknown>; essay?: Record<string, unknown>; scorm?: Record<string, unknown> };
type Course = { key: string; versions: { chapters: { subChapters: { items: Item[] }[] }[] }[] };
const itemsOf = (course: Course) => course.versions.flatMap((v) => v.chapters.flatMap((c) => c.subChapters.flatMap((s) => s.items)));

describe("content export: the demo content and a file of every field, exported, imported again and exported again", () => {
  let first: Database;
  let second: Database;
  let fixtureDir: string;
  let dirA: string;
  let dirB: string;

  beforeAll(async () => {
    fixtureDir = tempDir();
    for (const [name, text] of Object.entries(everyField)) {
      mkdirSync(path.dirname(path.join(fixtureDir, name)), { recursive: true });
      writeFileSync(path.join(fixtureDir, name), text);
    }
    // The SCORM item's package, beside the course file.
    mkdirSync(path.join(fixtureDir, "courses/packages"));
    const zip = await writeZip([{ name: "imsmanifest.xml", text: manifest12() }, { name: "index.html", text: launchPage }], tempDir());
    renameSync(zip, path.join(fixtureDir, "courses/packages/every.zip"));
    first = await openTestDatabase();
    second = await openTestDatabase();
    await importContent(first.db, demoDir, { now });
    await importContent(first.db, fixtureDir, { now });
    dirA = path.join(tempDir(), "a");
    const result = await exportContent(first.db, dirA);
    expect(result.skipped).toEqual([]);
    expect(result.invalid).toEqual([]);
    await importContent(second.db, dirA, { now: new Date("2026-02-01T00:00:00Z") });
    dirB = path.join(tempDir(), "b");
    await exportContent(second.db, dirB);
  });
  afterAll(async () => {
    await first?.close();
    await second?.close();
    for (const dir of tempDirs) rmSync(dir, { recursive: true, force: true });
  });

  it("writes the same files, byte for byte, from the re-imported database", () => {
    const a = readTree(dirA);
    const b = readTree(dirB);
    expect([...b.keys()]).toEqual([...a.keys()]);
    for (const [file, text] of a) expect(b.get(file), file).toBe(text);
  });

  it("covers every kind of file and every course of the demo content", () => {
    const a = readTree(dirA);
    const demo = readTree(demoDir);
    const demoCourses = [...demo].filter(([f]) => f.startsWith("courses/") && f.endsWith(".yaml")).map(([, text]) => YAML.parse(text) as Course);
    const lists = [...demo.keys()].filter((f) => !f.startsWith("courses/"));
    // A demo package is exported as its zip (the folder it is zipped from is not content).
    const demoPackages = [...demo.keys()].filter((f) => /^courses\/packages\/[^/]+\.zip$/.test(f));
    expect([...a.keys()]).toEqual(
      [...lists, ...demoCourses.map((c) => `courses/${c.key}.yaml`), ...demoPackages, "courses/every-course.yaml", "courses/packages/every.zip"].sort(),
    );
    const exported = [...a].filter(([f]) => f.startsWith("courses/") && f.endsWith(".yaml")).map(([, text]) => YAML.parse(text) as Course);
    expect(exported.length).toBe(demoCourses.length + 1);
    for (const course of demoCourses) {
      const out = exported.find((c) => c.key === course.key);
      expect(out, course.key).toBeDefined();
      expect(itemsOf(out!).length, course.key).toBe(itemsOf(course).length);
    }
    const items = exported.flatMap(itemsOf);
    const essays = items.flatMap((i) => (i.essay ? [i.essay] : []));
    const mcqs = items.flatMap((i) => (i.mcq ? [i.mcq] : []));
    const videos = items.flatMap((i) => (i.video ? [i.video] : []));
    expect(essays.length).toBeGreaterThan(1);
    expect(essays.some((e) => (e.criteria as { gradingCriteria: string }[] | undefined)?.[0]?.gradingCriteria)).toBe(true);
    expect([...essays, ...mcqs].some((b) => typeof b.passMark === "number")).toBe(true);
    expect(videos.some((v) => v.freePreview === true)).toBe(true);
    expect(items.flatMap((i) => (i.scorm ? [i.scorm] : []))).toEqual([
      { slugId: "safety", title: "Safety Basics", package: "packages/every.zip", passMark: 70 },
      { slugId: "bench-safety", title: "Bench Safety for Power Circuits", package: "packages/electrical-safety.zip" },
    ]);
    expect(a.get("courses/packages/every.zip")).toBe(readTree(fixtureDir).get("courses/packages/every.zip"));
    expect(a.get("courses/packages/electrical-safety.zip")).toBe(demo.get("courses/packages/electrical-safety.zip"));

    const users = YAML.parse(a.get("users.yaml")!) as { email: string }[];
    const demoUsers = YAML.parse(demo.get("users.yaml")!) as { email: string }[];
    expect(users.length).toBe(demoUsers.length + 1);
    const programs = YAML.parse(a.get("programs.yaml")!) as { batches: { members: string[] }[] }[];
    expect(programs.flatMap((p) => p.batches.flatMap((b) => b.members)).length).toBeGreaterThan(0);
  });

  it("writes every field the importer reads", () => {
    const a = readTree(dirA);
    for (const [kind, fileSchema] of Object.entries(contentFileSchemas)) {
      const files = [...a].filter(([f]) => (kind === "courses/*.yaml" ? f.startsWith("courses/") && f.endsWith(".yaml") : f === kind));
      const written = new Set(files.flatMap(([, text]) => [...pathsOf(YAML.parse(text))]));
      const missing = fieldPaths(fileSchema).filter((p) => !written.has(p));
      expect(missing, kind).toEqual([]);
    }
  });

  it("gives back what the files said, once the importer has read both", () => {
    const a = readTree(dirA);
    const sources = [readTree(demoDir), readTree(fixtureDir)];
    const parse = (fileSchema: { parse: (v: unknown) => unknown }, text: string) => fileSchema.parse(YAML.parse(text)) as Record<string, unknown>[];
    // Attempts and offers may be listed in any order; the importer keeps them by date.
    const byDate = (x: unknown) =>
      JSON.stringify(x, (_k, v: unknown) =>
        Array.isArray(v) && v.every((e) => e && typeof e === "object" && ("takenAt" in e || "receivedAt" in e))
          ? [...(v as { takenAt?: string; receivedAt?: string }[])].sort((p, q) => ((p.takenAt ?? p.receivedAt)! < (q.takenAt ?? q.receivedAt)! ? -1 : 1))
          : v,
      );
    const sortedJson = (list: unknown[]) => list.map(byDate).sort();
    for (const [file, fileSchema] of [
      ["users.yaml", schema.usersFile],
      ["companies.yaml", schema.companiesFile],
      ["career-services.yaml", schema.careerServicesFile],
    ] as const) {
      const given = sources.flatMap((src) => (src.has(file) ? parse(fileSchema, src.get(file)!) : []));
      expect(sortedJson(parse(fileSchema, a.get(file)!)), file).toEqual(sortedJson(given));
    }

    type Program = { key: string; batches: { key: string; members: string[] }[] };
    const programs = (list: Program[]) =>
      list
        .map((p) => ({ ...p, batches: [...p.batches].sort((x, y) => (x.key < y.key ? -1 : 1)).map((b) => ({ ...b, members: [...b.members].sort() })) }))
        .sort((x, y) => (x.key < y.key ? -1 : 1));
    const givenPrograms = sources.flatMap((src) => parse(schema.programsFile, src.get("programs.yaml")!) as Program[]);
    expect(programs(parse(schema.programsFile, a.get("programs.yaml")!) as Program[])).toEqual(programs(givenPrograms));

    // A meeting given with a fixed start comes back the same (a start relative to the import becomes the instant it was).
    const meetings = parse(schema.meetingsFile, a.get("meetings.yaml")!);
    const [givenMeeting] = parse(schema.meetingsFile, everyField["meetings.yaml"]!);
    expect(meetings.find((m) => m.key === "every-meeting")).toEqual(givenMeeting);
    expect(meetings.length).toBe(parse(schema.meetingsFile, sources[0]!.get("meetings.yaml")!).length + 1);

    expect(YAML.parse(a.get("domains.yaml")!)).toContainEqual({ name: "Telecom", slug: "telecoms" });

    for (const src of sources)
      for (const [file, text] of src) {
        if (!/^courses\/[^/]+\.yaml$/.test(file)) continue;
        const given = schema.course.parse(YAML.parse(text));
        const out = schema.course.parse(YAML.parse(a.get(`courses/${given.key}.yaml`)!));
        // Which version is current is kept; a file may say so where the export need not.
        const current = (c: typeof given) => {
          const marked = c.versions.find((v) => v.current);
          const latest = [...c.versions].sort((x, y) => y.releasedAt.getTime() - x.releasedAt.getTime())[0];
          return { ...c, current: (marked ?? latest)!.name, versions: c.versions.map((v) => ({ ...v, current: undefined })) };
        };
        expect(current(out), file).toEqual(current(given));
      }
  });

  it("writes a new version's tree in one statement, or in several for a course too large for one, as the importer would", async () => {
    // Every course of the demo content and the file of every field: each current version's tree,
    // written again into a new version of its course by insertCourseTree and read back.
    const current = await first.db.select({ id: t.courseVersions.id, courseId: t.courseVersions.courseId }).from(t.courseVersions).where(eq(t.courseVersions.isCurrent, true));
    expect(current.length).toBeGreaterThan(4);
    // Written in a transaction that is rolled back: the later tests export this database.
    const rolledBack = new Error("rolled back");
    await first.db
      .transaction(async (tx) => {
        for (const [i, version] of current.entries()) {
          const tree = await readCourseTree(tx, version.id);
          const chapters = schema.courseVersion.parse({ name: "copy", releasedAt: now, chapters: tree }).chapters;
          // A tiny parameter limit makes a statement per run of a few rows: parents must still precede children.
          for (const limit of [undefined, 40]) {
            const id = randomUUID();
            const row = { courseId: version.courseId, versionName: `copy ${i} ${limit ?? "one statement"}`, releasedAt: now, isCurrent: false };
            await insertCourseTree(tx, id, chapters, { parametersPerStatement: limit, version: row });
            expect(await readCourseTree(tx, id)).toEqual(tree);
          }
        }
        throw rolledBack;
      })
      .catch((err: unknown) => {
        if (err !== rolledBack) throw err;
      });
  });

  it("refuses a directory that holds files unless forced, and then replaces its content files", async () => {
    const dir = tempDir();
    writeFileSync(path.join(dir, "notes.txt"), "kept");
    mkdirSync(path.join(dir, "courses"));
    writeFileSync(path.join(dir, "courses", "stale.yaml"), "key: stale");
    await expect(exportContent(first.db, dir)).rejects.toThrow(ExportTargetError);
    await expect(exportContent(first.db, dir)).rejects.toThrow(/is not empty .*--force/);
    expect(readTree(dir).size).toBe(2);
    await exportContent(first.db, dir, { force: true });
    const files = readTree(dir);
    expect(files.get("notes.txt")).toBe("kept");
    expect(files.has("courses/stale.yaml")).toBe(false);
    files.delete("notes.txt");
    expect(files).toEqual(readTree(dirA));
  });

  it("names what no file can hold, and values the importer would refuse", async () => {
    const [domain] = await first.db.select({ id: t.domains.id }).from(t.domains).limit(1);
    await first.db.insert(t.courses).values({ key: "unpublished", slug: "unpublished", slugId: "unpublished", name: "Unpublished", domainId: domain!.id });
    await first.db.insert(t.users).values({ email: "nameless@example.test", name: "" });
    const result = await exportContent(first.db, tempDir());
    expect(result.skipped).toEqual([expect.stringMatching(/^course "unpublished": it has no version yet/)]);
    expect(result.invalid).toEqual([expect.stringMatching(/^users\.yaml: \d+\.name: /)]);
    expect(result.files).not.toContain("courses/unpublished.yaml");
  });
});

describe("content export and import: a session cancelled in the studio", () => {
  const dbs: Database[] = [];
  afterAll(async () => {
    for (const db of dbs) await db.close();
    for (const dir of tempDirs) rmSync(dir, { recursive: true, force: true });
  });

  it("stays cancelled, at the same moment, through an export and an import into an empty database, and a later import leaves it so", async () => {
    const first = await openTestDatabase();
    const second = await openTestDatabase();
    dbs.push(first, second);
    await importContent(first.db, demoDir, { now });
    const [session] = await first.db.select().from(t.meetings).orderBy(t.meetings.key).limit(1);
    const cancelledAt = new Date("2025-01-16T08:45:12Z");
    // As the studio's cancel writes it (services/studio-sessions/cancel-session.ts).
    await first.db
      .update(t.meetings)
      .set({ cancelledAt, studioEditedAt: cancelledAt, sequence: session!.sequence + 1 })
      .where(eq(t.meetings.id, session!.id));

    const dir = path.join(tempDir(), "export");
    await exportContent(first.db, dir);
    const exported = YAML.parse(readFileSync(path.join(dir, "meetings.yaml"), "utf8")) as { key: string; cancelledAt?: string }[];
    expect(exported.find((m) => m.key === session!.key)?.cancelledAt).toBe("2025-01-16T08:45:12Z");
    expect(exported.filter((m) => m.cancelledAt)).toHaveLength(1);

    await importContent(second.db, dir, { now });
    const cancelledIn = async () =>
      (await second.db.select({ key: t.meetings.key, cancelledAt: t.meetings.cancelledAt }).from(t.meetings)).filter((m) => m.cancelledAt !== null);
    expect(await cancelledIn()).toEqual([{ key: session!.key, cancelledAt }]);

    // The demo files, which list the session as an ordinary one, do not bring it back.
    await importContent(second.db, demoDir, { now });
    expect(await cancelledIn()).toEqual([{ key: session!.key, cancelledAt }]);
  }, 180_000);
});
