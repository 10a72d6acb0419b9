import { mkdirSync, mkdtempSync, readdirSync, renameSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import YAML from "yaml";
import { exportContent } from "@/lib/server/content/export-content";
import { ContentError, importContent } from "@/lib/server/content/import-content";
import type { Database } from "@/lib/server/db/client";
import { packageFileKey } from "@/lib/server/services/scorm";
import { localFileStore } from "@/lib/server/storage/file-store";
import { oneChapterCourse } from "../support/courses";
import { launchPage, manifest12, manifest2004, writeZip, type ZipEntrySpec } from "../support/scorm-packages";
import { openTestDatabase } from "../support/test-db";

const tempDirs: string[] = [];
const tempDir = () => {
  const dir = mkdtempSync(path.join(os.tmpdir(), "scorm-import-"));
  tempDirs.push(dir);
  return dir;
};

/** A content directory of one course whose items are SCORM items, with their zips under courses/packages/. */
async function contentDir(items: { slugId: string; package: string; passMark?: number }[], zips: Record<string, ZipEntrySpec[]>) {
  const dir = tempDir();
  mkdirSync(path.join(dir, "courses/packages"), { recursive: true });
  const course = oneChapterCourse("safety", "Workshop Safety", items.map((i) => ({ scorm: { title: `Item ${i.slugId}`, ...i } })));
  writeFileSync(path.join(dir, "courses/safety.yaml"), YAML.stringify(course));
  for (const [name, entries] of Object.entries(zips)) renameSync(await writeZip(entries, tempDir()), path.join(dir, "courses/packages", name));
  return dir;
}

const good12: ZipEntrySpec[] = [
  { name: "imsmanifest.xml", text: manifest12() },
  { name: "index.html", text: launchPage },
];
const good2004: ZipEntrySpec[] = [
  { name: "imsmanifest.xml", text: manifest2004("4th") },
  { name: "content/start.html", text: launchPage },
];

let database: Database;
let storeRoot: string;
const store = () => localFileStore(storeRoot);
const stored = () => readdirSync(storeRoot, { recursive: true }) as string[];
const count = async (table: string) => Number((await database.raw(`select count(*)::int as n from ${table}`))[0]!.n);

beforeAll(async () => {
  database = await openTestDatabase();
});
afterAll(async () => {
  await database?.close();
  for (const dir of tempDirs) rmSync(dir, { recursive: true, force: true });
});

describe("content:import of a course with SCORM items", () => {
  it("refuses a bad package with a problem naming the item and the reason, storing nothing", async () => {
    storeRoot = tempDir();
    const dir = await contentDir(
      [
        { slugId: "a", package: "packages/slip.zip" },
        { slugId: "b", package: "packages/no-manifest.zip" },
        { slugId: "c", package: "../../outside.zip" },
        { slugId: "d", package: "packages/missing.zip" },
      ],
      {
        "slip.zip": [...good12, { name: "../evil.js", text: "x" }],
        "no-manifest.zip": [{ name: "index.html", text: launchPage }],
      },
    );
    const err = await importContent(database.db, dir, { fileStore: store() }).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ContentError);
    const item = (i: number) => `courses/safety.yaml: versions.0.chapters.0.subChapters.0.items.${i}.scorm.package: `;
    expect((err as ContentError).problems).toEqual([
      `${item(0)}packages/slip.zip: The package was refused: the entry "../evil.js" climbs out of the package folder with ".." (a zip-slip entry).`,
      `${item(1)}packages/no-manifest.zip: The package has no imsmanifest.xml at its root: it is not a SCORM package.`,
      `${item(2)}"../../outside.zip" lies outside the content directory`,
      `${item(3)}packages/missing.zip: The package file missing.zip does not exist.`,
    ]);
    expect(stored()).toEqual([]);
    expect(await count("scorm_packages")).toBe(0);
    expect(await count("courses")).toBe(0);
  });

  it("stores each package once, its files in the store, and re-imports without a second copy", async () => {
    storeRoot = tempDir();
    const dir = await contentDir(
      [
        { slugId: "safety-basics", package: "packages/safety-basics.zip" },
        { slugId: "same-again", package: "./packages/safety-basics.zip", passMark: 90 },
        { slugId: "forklift", package: "packages/forklift.zip" },
      ],
      { "safety-basics.zip": good12, "forklift.zip": good2004 },
    );
    const summary = await importContent(database.db, dir, { fileStore: store() });
    expect(summary.scormItems).toBe(3);
    const packages = await database.raw(`select sha256, file_name, version, launch_path, mastery_percent, file_count from scorm_packages order by file_name`);
    expect(packages.map((p) => [p.file_name, p.version, p.launch_path, p.mastery_percent, p.file_count])).toEqual([
      ["forklift.zip", "2004-4th", "content/start.html", 70, 2],
      ["safety-basics.zip", "1.2", "index.html", 80, 2],
    ]);
    const sha = String(packages[1]!.sha256);
    const launch = await store().get(packageFileKey(sha, "index.html")!);
    expect(await new Response(launch!.stream()).text()).toBe(launchPage);
    const items = await database.raw(`select i.slug_id, i.pass_mark, p.file_name from scorm_items i join scorm_packages p on p.id = i.package_id order by i.position`);
    expect(items.map((i) => [i.slug_id, i.pass_mark, i.file_name])).toEqual([
      ["safety-basics", null, "safety-basics.zip"],
      ["same-again", 90, "safety-basics.zip"],
      ["forklift", null, "forklift.zip"],
    ]);

    const before = stored().length;
    await importContent(database.db, dir, { fileStore: store() });
    expect(await count("scorm_packages")).toBe(2);
    expect(await count("scorm_items")).toBe(3);
    expect(stored().length).toBe(before);

    // The export writes each zip once, under its own name, and the items point at it.
    const out = path.join(tempDir(), "out");
    const result = await exportContent(database.db, out, { fileStore: store() });
    expect(result.files).toEqual(["courses/packages/forklift.zip", "courses/packages/safety-basics.zip", "courses/safety.yaml", "domains.yaml"]);
    const exported = YAML.parse(await import("node:fs/promises").then((fs) => fs.readFile(path.join(out, "courses/safety.yaml"), "utf8")));
    expect(exported.versions[0].chapters[0].subChapters[0].items.map((i: { scorm: { package: string } }) => i.scorm.package)).toEqual([
      "packages/safety-basics.zip",
      "packages/safety-basics.zip",
      "packages/forklift.zip",
    ]);

    // An item dropped from the file is deleted; its package stays stored for the versions that play it.
    const fewer = await contentDir([{ slugId: "forklift", package: "packages/forklift.zip" }], { "forklift.zip": good2004 });
    await importContent(database.db, fewer, { fileStore: store() });
    expect(await count("scorm_items")).toBe(1);
  });
});
