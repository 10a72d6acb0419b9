import { cpSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ContentError, importContent, type ImportSummary } from "@/lib/server/content/import-content";
import { seedDemoIfEmpty } from "@/lib/server/content/seed";
import type { Database } from "@/lib/server/db/client";
import { eq } from "drizzle-orm";
import { essayBlocks, mcqBlocks } from "@/lib/server/db/schema";
import { openTestDatabase } from "../support/test-db";

const demoDir = path.join(process.cwd(), "content/demo");
const demoSummary: ImportSummary = {
  users: 5,
  companies: 1,
  courses: 4,
  chapters: 10,
  videos: 30,
  mcqBlocks: 5,
  essayBlocks: 3,
  scormItems: 1,
  programs: 2,
  batches: 2,
  meetings: 7,
  careerServices: 1,
};

const tables = [
  "domains",
  "companies",
  "users",
  "courses",
  "course_versions",
  "chapters",
  "sub_chapters",
  "videos",
  "mcq_blocks",
  "mcq_questions",
  "mcq_options",
  "essay_blocks",
  "essay_criteria",
  "programs",
  "program_courses",
  "batches",
  "batch_members",
  "meetings",
  "career_service_records",
];

async function rowCounts(database: Database): Promise<Record<string, number>> {
  const out: Record<string, number> = {};
  for (const table of tables) {
    const [row] = await database.raw(`select count(*)::int as n from ${table}`);
    out[table] = Number(row!.n);
  }
  return out;
}

const tempDirs: string[] = [];
function tempDir(files: Record<string, string> = {}): string {
  const dir = mkdtempSync(path.join(os.tmpdir(), "content-"));
  tempDirs.push(dir);
  for (const [name, text] of Object.entries(files)) {
    mkdirSync(path.dirname(path.join(dir, name)), { recursive: true });
    writeFileSync(path.join(dir, name), text);
  }
  return dir;
}
function demoCopy(): string {
  const dir = tempDir();
  cpSync(demoDir, dir, { recursive: true });
  return dir;
}

async function expectContentError(promise: Promise<unknown>): Promise<ContentError> {
  const err = await promise.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(err).toBeInstanceOf(ContentError);
  return err as ContentError;
}

const brokenCourse = `
key: cad
slugId: cad
name: CAD Basics
domain: Mechanical
versions:
  - name: v1
    releasedAt: 2024-01-01
    chapters:
      - slugId: one
        title: One
        subChapters:
          - slugId: a
            title: A
            items:
              - video: { slugId: v1, title: First, provider: youtube, source: abcdefghijk, durationSeconds: 60 }
      - slugId: two
        subChapters:
          - slugId: b
            title: B
            items:
              - video: { slugId: v2, title: Second, provider: youtube, source: abcdefghijk, durationSeconds: 60, colour: red }
              - mcq:
                  slugId: q
                  title: Quiz
                  durationInMinutes: 5
                  questions:
                    - question: Pick one
                      mark: 1
                      options: [{ value: a }, { value: b }]
`;

describe("importing the demo content", () => {
  let database: Database;
  const now = new Date("2025-01-15T10:00:37.250Z");
  beforeAll(async () => {
    database = await openTestDatabase();
  });
  afterAll(async () => {
    await database.close();
    for (const dir of tempDirs.splice(0)) rmSync(dir, { recursive: true, force: true });
  });

  it("imports everything with the expected counts", async () => {
    const summary = await importContent(database.db, demoDir, { now });
    expect(summary).toEqual(demoSummary);

    const counts = await rowCounts(database);
    expect(counts).toMatchObject({ domains: 7, companies: 1, users: 5, courses: 4, chapters: 10, videos: 30, mcq_blocks: 5, essay_blocks: 3 });
    expect(counts.course_versions).toBe(5);

    const [learner] = await database.raw(
      "select u.*, c.key as company from users u left join companies c on c.id = u.company_id where email = 'learner@demo.test'",
    );
    expect(learner).toMatchObject({
      user_kind: "Customer",
      plan: "Premium",
      has_career_services_access: true,
      is_o3_chat_available: true,
      company: "demo",
    });
    const roles = await database.raw("select email, role, user_kind from users order by email");
    expect(roles.map((r) => `${r.email}:${r.role}:${r.user_kind}`)).toEqual([
      "admin@demo.test:admin:Employee",
      "author@demo.test:author:Employee",
      "employee@demo.test:learner:Employee",
      "grader@demo.test:grader:Employee",
      "learner@demo.test:learner:Customer",
    ]);

    // One current version per course; the CAD course's is the 2024 edition.
    const current = await database.raw(
      "select c.key, v.version_name from course_versions v join courses c on c.id = v.course_id where v.is_current order by c.key",
    );
    expect(current).toHaveLength(4);
    expect(current.find((r) => r.key === "cad-solidworks")?.version_name).toBe("2024 Edition");

    // Each course has an uploaded lesson clip (scripts/generate-demo-clips.ts), with its captions.
    const uploaded = await database.raw("select source, captions_url from videos where provider = 'uploadedVideo' order by source");
    expect(uploaded).toEqual([
      { source: "demo/embedded-c-welcome.mp4", captions_url: "/api/files/demo/embedded-c-welcome.vtt" },
      { source: "demo/intro.mp4", captions_url: "/api/files/demo/intro.vtt" },
      { source: "demo/power-electronics-welcome.mp4", captions_url: "/api/files/demo/power-electronics-welcome.vtt" },
      { source: "demo/python-for-engineers-welcome.mp4", captions_url: "/api/files/demo/python-for-engineers-welcome.vtt" },
    ]);
    expect(await database.raw("select 1 from videos where provider = 'vdocipher'")).toHaveLength(1);

    // Slugs come from titles; positions follow the file.
    const [chapter] = await database.raw("select slug, position from chapters where slug_id = 'part-modeling' order by position desc limit 1");
    expect(chapter).toMatchObject({ slug: "part-modeling", position: 1 });
    const [sub] = await database.raw("select slug from sub_chapters where slug_id = 'fillets-patterns' limit 1");
    expect(sub!.slug).toBe("fillets-chamfers-and-patterns");

    // Some questions have several correct options.
    const multi = await database.raw(
      "select question_id from mcq_options where is_correct group by question_id having count(*) > 1",
    );
    expect(multi.length).toBeGreaterThanOrEqual(2);

    // Batches and members.
    const batches = await database.raw(
      "select b.key, b.enrollment_type, count(m.user_id)::int as members from batches b left join batch_members m on m.batch_id = b.id group by b.id order by b.key",
    );
    expect(batches).toEqual([
      { key: "embedded-2024-scheduled", enrollment_type: "Customer (Scheduled and Optional)", members: 2 },
      { key: "mech-design-2024-auto", enrollment_type: "System (Auto enroll)", members: 2 },
    ]);

    // Relative meeting starts count from the minute of `now` (a session starts on a whole minute): one live, some past, some upcoming.
    const meetings = await database.raw("select key, start_date, duration_in_minutes from meetings");
    const live = meetings.find((m) => m.key === "buck-converter-live-design")!;
    expect(new Date(live.start_date as string).toISOString()).toBe("2025-01-15T09:50:00.000Z");
    const starts = meetings.map((m) => new Date(m.start_date as string).getTime());
    expect(starts.some((s) => s < now.getTime() - 86_400_000)).toBe(true);
    expect(starts.some((s) => s > now.getTime())).toBe(true);
  });

  it("is idempotent: a second import changes no counts, keeps ids and rewrites no tree rows", async () => {
    const before = await rowCounts(database);
    const ids = async () => ({
      courses: await database.raw("select id, key from courses order by key"),
      videos: await database.raw("select id, slug_id, sub_chapter_id from videos order by id"),
      options: await database.raw("select id from mcq_options order by id"),
      users: await database.raw("select id, email from users order by email"),
    });
    const idsBefore = await ids();

    const statements: string[] = [];
    const watched = await openTestDatabase({ onQuery: (q) => statements.push(q) });
    try {
      await importContent(watched.db, demoDir, { now });
      statements.length = 0;
      await importContent(watched.db, demoDir, { now });
      const rewrites = statements.filter(
        (q) => /^\s*update\b/i.test(q) || /^\s*delete from "(course_versions|chapters|sub_chapters|videos|mcq_\w+|essay_\w+)"/i.test(q),
      );
      expect(rewrites).toEqual([]);
    } finally {
      await watched.close();
    }

    const summary = await importContent(database.db, demoDir, { now });
    expect(summary).toEqual(demoSummary);
    expect(await rowCounts(database)).toEqual(before);
    expect(await ids()).toEqual(idsBefore);
  });

  it("reports every problem with file and field path, and writes nothing", async () => {
    const before = await rowCounts(database);
    const dir = tempDir({
      "courses/cad.yaml": brokenCourse,
      "users.yaml": "- email: not-an-email\n  name: Someone\n- email: ok@example.com\n  name: Ok\n  plan: Gold\n",
      "meetings.yaml": "- key: m1\n  title: Talk\n  meetingTakerName: A\n  meetingTakerEmail: a@example.com\n  start: tomorrow\n  durationInMinutes: 30\n  joinLink: not a url\n",
    });
    const err = await expectContentError(importContent(database.db, dir, { now }));
    expect(err.message).toContain("courses/cad.yaml: versions.0.chapters.1.title: Required");
    expect(err.message).toContain("courses/cad.yaml: versions.0.chapters.1.subChapters.0.items.0.video: Unrecognized key");
    expect(err.message).toContain("courses/cad.yaml: versions.0.chapters.1.subChapters.0.items.1.mcq.questions.0.options: at least one option must be correct");
    expect(err.message).toMatch(/users\.yaml: 0\.email: /);
    expect(err.message).toMatch(/users\.yaml: 1\.plan: /);
    expect(err.message).toMatch(/meetings\.yaml: 0\.start: .*"-3d"/);
    expect(err.message).toMatch(/meetings\.yaml: 0\.joinLink: must be an http\(s\) URL/);
    expect(err.problems.length).toBeGreaterThanOrEqual(7);
    expect(await rowCounts(database)).toEqual(before);
  });

  it("reads pass marks, attempts and word limits, and names a bad value with its limit", async () => {
    const course = (quiz: string, essay: string) => `
key: marks
slugId: marks
name: Pass Marks
domain: Mechanical
versions:
  - name: v1
    releasedAt: 2024-01-01
    chapters:
      - slugId: one
        title: One
        subChapters:
          - slugId: a
            title: A
            items:
              - mcq: { slugId: q, title: Quiz, durationInMinutes: 5, ${quiz}, questions: [{ question: Pick, mark: 1, options: [{ value: a, correct: true }, { value: b }] }] }
              - essay: { slugId: e, title: Essay, question: Why?, durationInMinutes: 30, ${essay}, criteria: [{ gradingCriteria: Clarity, marks: 5 }] }
`;
    const bad = await expectContentError(
      importContent(database.db, tempDir({ "courses/marks.yaml": course("passMark: 50.5, attemptsAllowed: 0", "passMark: 50, minWords: 600, maxWords: 300") }), { now }),
    );
    expect(bad.message).toContain("courses/marks.yaml: versions.0.chapters.0.subChapters.0.items.0.mcq.passMark: passMark must be a whole percent from 0 to 100");
    expect(bad.message).toContain("items.0.mcq.attemptsAllowed: attemptsAllowed must be at least 1");
    expect(bad.message).toContain("items.1.essay.maxWords: maxWords must not be below minWords");

    await importContent(database.db, tempDir({ "courses/marks.yaml": course("passMark: 60, attemptsAllowed: 2", "passMark: 50, minWords: 300, maxWords: 600") }), { now });
    const [quiz] = await database.db.select().from(mcqBlocks).where(eq(mcqBlocks.slugId, "q"));
    const [essay] = await database.db.select().from(essayBlocks).where(eq(essayBlocks.slugId, "e"));
    expect(quiz).toMatchObject({ passMark: 60, attemptsAllowed: 2 });
    expect(essay).toMatchObject({ passMark: 50, minWords: 300, maxWords: 600 });
  });

  it("names an unknown course key, an unknown member and an unknown company", async () => {
    const before = await rowCounts(database);
    const dir = tempDir({
      "users.yaml": "- email: New.Person@Example.com\n  name: New Person\n  company: nowhere\n",
      "programs.yaml": [
        "- key: p1",
        "  name: Program One",
        "  courses:",
        "    - course: cad-solidworks",
        "    - course: no-such-course",
        "  batches:",
        "    - key: b1",
        "      name: Batch One",
        "      enrollmentType: No Auto Enrollment",
        "      members: [new.person@example.com, ghost@example.com]",
      ].join("\n"),
    });
    const err = await expectContentError(importContent(database.db, dir, { now }));
    expect(err.message).toContain('programs.yaml: 0.courses.1.course: unknown course "no-such-course"');
    expect(err.message).toContain('programs.yaml: 0.batches.0.members.1: unknown member "ghost@example.com"');
    expect(err.message).toContain('users.yaml: 0.company: unknown company "nowhere"');
    // cad-solidworks is in the database already, and new.person is in users.yaml: neither is reported.
    expect(err.problems).toHaveLength(3);
    expect(await rowCounts(database)).toEqual(before);
  });

  it("reports YAML syntax errors with their line, duplicates across files, and unknown files", async () => {
    const dir = tempDir({
      "users.yaml": "- email: a@example.com\n  name: A: B\n",
      "programs.json": "[{ not json",
      "program.yaml": "[]",
      "courses/a.yaml": brokenCourse.replace("title: One", "title: One\n        emoji: x").replace(/\n      - slugId: two\n/, "\n      - slugId: two\n        title: Two\n"),
      "courses/b.json": JSON.stringify({
        key: "cad",
        slugId: "cad-2",
        name: "Other",
        domain: "Plumbing",
        versions: [],
      }),
    });
    const err = await expectContentError(importContent(database.db, dir, { now }));
    expect(err.message).toMatch(/users\.yaml: line 2, column \d+: invalid YAML/);
    expect(err.message).toContain("programs.json: invalid JSON");
    expect(err.message).toContain("program.yaml: unknown content file");
    expect(err.message).toMatch(/courses\/b\.json: domain: Invalid option/);
    expect(err.message).toContain("courses/b.json: versions: a course needs at least one version");
  });

  it("updates a renamed video in place, deletes removed items and keeps learner-facing ids", async () => {
    const dir = demoCopy();
    const file = path.join(dir, "courses/python-for-engineers.yaml");
    const original = readFileSync(file, "utf8");
    const video = async (slugId: string) => (await database.raw("select id, title, slug from videos where slug_id = $1", [slugId]))[0];
    const before = await video("arrays-and-broadcasting");
    const quiz = await database.raw(
      "select q.id from mcq_questions q join mcq_blocks b on b.id = q.block_id where b.slug_id = 'python-basics-quiz' order by q.position",
    );
    expect(quiz).toHaveLength(3);

    writeFileSync(
      file,
      original
        .replace("title: Arrays and Broadcasting", "title: NumPy Arrays & Broadcasting")
        // The plotting video goes away.
        .replace(/\n {14}- video:\n {18}slugId: plots-engineers-trust[\s\S]*$/, "\n              - video:\n                  slugId: plots-new\n                  title: Plotting Again\n                  provider: youtube\n                  source: abcdefghijk\n                  durationSeconds: 100\n")
        // The last quiz question is dropped.
        .replace(/\n {20}- question: Which keyword defines a function\?[\s\S]*?- value: lambda only\n/, "\n"),
    );
    await importContent(database.db, dir, { now });

    const after = await video("arrays-and-broadcasting");
    expect(after).toMatchObject({ id: before!.id, title: "NumPy Arrays & Broadcasting", slug: "numpy-arrays-and-broadcasting" });
    expect(await video("plots-engineers-trust")).toBeUndefined();
    expect(await video("plots-new")).toBeDefined();
    const quizAfter = await database.raw(
      "select q.id from mcq_questions q join mcq_blocks b on b.id = q.block_id where b.slug_id = 'python-basics-quiz' order by q.position",
    );
    expect(quizAfter).toEqual(quiz.slice(0, 2));

    // Back to the demo: the renamed video keeps its id once more.
    await importContent(database.db, demoDir, { now });
    expect((await video("arrays-and-broadcasting"))!.id).toBe(before!.id);
    expect(await video("plots-new")).toBeUndefined();
  });

  it("moves a sub-chapter to another chapter keeping its id, and drops a removed version", async () => {
    const dir = tempDir({
      "courses/mini.yaml": [
        "key: mini",
        "slugId: mini",
        "name: Mini",
        "domain: Civil",
        "versions:",
        "  - name: old",
        "    releasedAt: 2023-01-01",
        "    chapters: [{ slugId: c0, title: C0, subChapters: [{ slugId: s0, title: S0, items: [{ essay: { slugId: e0, title: E0, question: Why?, durationInMinutes: 10, criteria: [{ gradingCriteria: Clarity, marks: 5 }] } }] }] }]",
        "  - name: new",
        "    releasedAt: 2024-01-01",
        "    chapters:",
        "      - { slugId: c1, title: C1, subChapters: [{ slugId: s1, title: S1, items: [{ video: { slugId: v1, title: V1, provider: youtube, source: abcdefghijk, durationSeconds: 10 } }] }] }",
        "      - { slugId: c2, title: C2, subChapters: [{ slugId: s2, title: S2, items: [{ video: { slugId: v2, title: V2, provider: youtube, source: https://youtu.be/abcdefghijk, durationSeconds: 10 } }] }] }",
      ].join("\n"),
    });
    await importContent(database.db, dir, { now });
    const versions = async () =>
      database.raw("select v.version_name, v.is_current from course_versions v join courses c on c.id = v.course_id where c.key = 'mini' order by 1");
    expect(await versions()).toEqual([
      { version_name: "new", is_current: true },
      { version_name: "old", is_current: false },
    ]);
    const [s2] = await database.raw("select id, chapter_id from sub_chapters where slug_id = 's2'");

    // A learner enrolled in the old version: leaving it out of the file is refused.
    await database.raw(
      `insert into enrollments (user_id, course_id, version_id)
       select u.id, c.id, v.id from users u, courses c join course_versions v on v.course_id = c.id
       where u.email = 'learner@demo.test' and c.key = 'mini' and v.version_name = 'old'`,
    );
    const withoutOld = readFileSync(path.join(dir, "courses/mini.yaml"), "utf8").split("\n");
    writeFileSync(path.join(dir, "courses/mini.yaml"), [...withoutOld.slice(0, 5), ...withoutOld.slice(8)].join("\n"));
    const refused = await expectContentError(importContent(database.db, dir, { now }));
    expect(refused.message).toContain('courses/mini.yaml: versions: version "old" is missing from the file but 1 learner(s) are enrolled in it');
    await database.raw("delete from enrollments");

    const file = path.join(dir, "courses/mini.yaml");
    const text = readFileSync(file, "utf8").split("\n");
    // Remove the old version; move s2 into c1; c2 disappears.
    const moved = [
      ...text.slice(0, 4),
      "versions:",
      "  - name: new",
      "    releasedAt: 2024-01-01",
      "    chapters:",
      "      - { slugId: c1, title: C1, subChapters: [{ slugId: s1, title: S1, items: [{ video: { slugId: v1, title: V1, provider: youtube, source: abcdefghijk, durationSeconds: 10 } }] }, { slugId: s2, title: S2, items: [{ video: { slugId: v2, title: V2, provider: youtube, source: abcdefghijk, durationSeconds: 10 } }] }] }",
    ];
    writeFileSync(file, moved.join("\n"));
    await importContent(database.db, dir, { now });
    expect(await versions()).toEqual([{ version_name: "new", is_current: true }]);
    const [s2After] = await database.raw("select s.id, c.slug_id from sub_chapters s join chapters c on c.id = s.chapter_id where s.slug_id = 's2'");
    expect(s2After).toEqual({ id: s2!.id, slug_id: "c1" });
    expect(await database.raw("select 1 from chapters where slug_id = 'c2'")).toHaveLength(0);
    expect(await database.raw("select 1 from essay_blocks where slug_id = 'e0'")).toHaveLength(0);
  });

  it("accepts JSON files of the same shapes and stores e-mails lower-cased", async () => {
    const dir = tempDir({
      "users.json": JSON.stringify([{ email: "Mixed.Case@Example.COM", name: "Mixed Case", plan: "Premium", phone: 12345 }]),
    });
    const summary = await importContent(database.db, dir, { now });
    expect(summary.users).toBe(1);
    const rows = await database.raw("select email, phone, plan from users where email like 'mixed%'");
    expect(rows).toEqual([{ email: "mixed.case@example.com", phone: "12345", plan: "Premium" }]);
  });

  it("validates without writing when asked for a dry run", async () => {
    const before = await rowCounts(database);
    const dir = tempDir({ "users.yaml": "- email: dry@example.com\n  name: Dry Run\n" });
    expect((await importContent(database.db, dir, { now, dryRun: true })).users).toBe(1);
    expect(await rowCounts(database)).toEqual(before);
  });

  it("refuses a directory that does not exist or holds no content", async () => {
    const missing = await expectContentError(importContent(database.db, path.join(os.tmpdir(), "no-such-content-dir-xyz")));
    expect(missing.message).toContain("not a readable directory");
    const empty = await expectContentError(importContent(database.db, tempDir({ "README.md": "hello" })));
    expect(empty.message).toContain("holds no content files");
  });
});

describe("seedDemoIfEmpty", () => {
  it("imports the demo into an empty database, and does nothing once users exist", async () => {
    const database = await openTestDatabase();
    try {
      expect(await seedDemoIfEmpty(database.db)).toEqual(demoSummary);
      const before = await rowCounts(database);
      expect(await seedDemoIfEmpty(database.db)).toBeNull();
      expect(await rowCounts(database)).toEqual(before);
    } finally {
      await database.close();
    }
  });
});
