import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import YAML from "yaml";
import { exportContent, ExportTargetError } from "@/lib/server/content/export-content";
import { importContent } from "@/lib/server/content/import-content";
import type { Database } from "@/lib/server/db/client";
import { openTestDatabase } from "../support/test-db";

const demoDir = path.join(process.cwd(), "content/demo");
const now = new Date("2025-01-15T10:00:37.250Z");

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

type Item = { video?: Record<string, unknown>; mcq?: Record<string, unknown>; essay?: Record<string, unknown> };
type Course = { key: string; versions: { chapters: { subChapters: { items: Item[] }[] }[] }[] };
const itemsOf = (course: Course) => course.versions.flatMap((v) => v.chapters.flatMap((c) => c.subChapters.flatMap((s) => s.items)));

describe("content export: demo content, exported, imported again and exported again", () => {
  let first: Database;
  let second: Database;
  let dirA: string;
  let dirB: string;

  beforeAll(async () => {
    first = await openTestDatabase();
    second = await openTestDatabase();
    await importContent(first.db, demoDir, { now });
    dirA = path.join(tempDir(), "a");
    await exportContent(first.db, dirA);
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
    expect([...a.keys()].sort()).toEqual([...demo.keys()].filter((f) => !f.startsWith("courses/")).concat(
      [...demo.keys()].filter((f) => f.startsWith("courses/")).map((f) => `courses/${(YAML.parse(demo.get(f)!) as Course).key}.yaml`),
    ).sort());
    const demoCourses = [...demo].filter(([f]) => f.startsWith("courses/")).map(([, text]) => YAML.parse(text) as Course);
    const exported = [...a].filter(([f]) => f.startsWith("courses/")).map(([, text]) => YAML.parse(text) as Course);
    expect(exported.map((c) => c.key).sort()).toEqual(demoCourses.map((c) => c.key).sort());
    for (const course of demoCourses) {
      const out = exported.find((c) => c.key === course.key)!;
      expect(itemsOf(out).length, course.key).toBe(itemsOf(course).length);
    }
    const items = exported.flatMap(itemsOf);
    const essays = items.flatMap((i) => (i.essay ? [i.essay] : []));
    const mcqs = items.flatMap((i) => (i.mcq ? [i.mcq] : []));
    const videos = items.flatMap((i) => (i.video ? [i.video] : []));
    expect(essays.length).toBeGreaterThan(0);
    expect(essays.some((e) => Array.isArray(e.criteria) && (e.criteria as { gradingCriteria: string }[])[0]?.gradingCriteria)).toBe(true);
    expect([...essays, ...mcqs].some((b) => typeof b.passMark === "number")).toBe(true);
    expect(videos.some((v) => v.freePreview === true)).toBe(true);
    expect(videos.every((v) => typeof v.source === "string" && typeof v.provider === "string")).toBe(true);

    const users = YAML.parse(a.get("users.yaml")!) as { email: string }[];
    const demoUsers = YAML.parse(demo.get("users.yaml")!) as { email: string }[];
    expect(users.map((u) => u.email).sort()).toEqual(demoUsers.map((u) => u.email.toLowerCase()).sort());
    const programs = YAML.parse(a.get("programs.yaml")!) as { batches: { members: string[] }[] }[];
    expect(programs.flatMap((p) => p.batches).length).toBeGreaterThan(0);
    expect(programs.flatMap((p) => p.batches.flatMap((b) => b.members)).length).toBeGreaterThan(0);
  });

  it("keeps every field the demo content sets (deep comparison of what the importer reads)", async () => {
    // The demo files, imported and exported, give the same values once both are parsed by the importer's schema.
    const { course: courseSchema, usersFile, programsFile, companiesFile, careerServicesFile } = await import("@/lib/server/content/schema");
    const parse = <T>(schema: { parse: (v: unknown) => T }, text: string) => schema.parse(YAML.parse(text));
    const a = readTree(dirA);
    const demo = readTree(demoDir);
    for (const [file, schema] of [
      ["users.yaml", usersFile],
      ["companies.yaml", companiesFile],
      ["career-services.yaml", careerServicesFile],
    ] as const) {
      const key = (x: unknown) => JSON.stringify(x);
      const sorted = (list: unknown[]) => list.map(key).sort();
      expect(sorted(parse(schema as never, a.get(file)!)), file).toEqual(sorted(parse(schema as never, demo.get(file)!)));
    }
    const programs = (text: string) =>
      (parse(programsFile, text) as { key: string; batches: { key: string; members: string[] }[] }[])
        .map((p) => ({ ...p, batches: [...p.batches].sort((x, y) => (x.key < y.key ? -1 : 1)).map((b) => ({ ...b, members: [...b.members].sort() })) }))
        .sort((x, y) => (x.key < y.key ? -1 : 1));
    expect(programs(a.get("programs.yaml")!)).toEqual(programs(demo.get("programs.yaml")!));
    for (const [file, text] of demo) {
      if (!file.startsWith("courses/")) continue;
      const source = courseSchema.parse(YAML.parse(text));
      const out = courseSchema.parse(YAML.parse(a.get(`courses/${source.key}.yaml`)!));
      // Which version is current is kept; whether the file says so explicitly may differ.
      const plain = (c: typeof source) => ({ ...c, versions: c.versions.map((v) => ({ ...v, current: undefined })) });
      expect(plain(out), file).toEqual(plain(source));
    }
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
});
