import { promises as fs } from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { localFileStore } from "@/lib/server/storage/file-store";
import { ScormPackageError, type ScormPackageProblem } from "@/lib/server/services/scorm/package-error";
import { checkScormPackage, scormPackageLimits, unpackScormPackage } from "@/lib/server/services/scorm/read-package";
import { packageFileKey } from "@/lib/server/services/scorm/package-files";
import { launchPage, manifest12, manifest2004, unmarkUtf8Names, writeZip, type ZipEntrySpec } from "../support/scorm-packages";

const dirs: string[] = [];
afterAll(async () => {
  for (const d of dirs) await fs.rm(d, { recursive: true, force: true });
});
async function tempDir() {
  const d = await fs.mkdtemp(path.join(os.tmpdir(), "scorm-store-"));
  dirs.push(d);
  return d;
}

async function refusal(entries: ZipEntrySpec[], limits = scormPackageLimits): Promise<{ problem: ScormPackageProblem; message: string; stored: string[] }> {
  const root = await tempDir();
  const zip = await writeZip(entries, root);
  const storeRoot = path.join(root, "store");
  const err = await unpackScormPackage(localFileStore(storeRoot), zip, "p1", limits).then(
    () => undefined,
    (e: unknown) => e,
  );
  if (!(err instanceof ScormPackageError)) throw new Error(`expected a refusal, got ${String(err)}`);
  const stored = await fs.readdir(storeRoot, { recursive: true }).catch(() => [] as string[]);
  return { problem: err.problem, message: err.message, stored };
}

const good12: ZipEntrySpec[] = [
  { name: "imsmanifest.xml", text: manifest12() },
  { name: "index.html", text: launchPage },
  { name: "Story Content/slide 1.js", text: "var x = 1;" },
];

describe("a SCORM package is read", () => {
  it("detects SCORM 1.2, its launch file, title and mastery score", async () => {
    const zip = await writeZip(good12, await tempDir());
    const contents = await checkScormPackage(zip);
    expect(contents.manifest).toEqual({ version: "1.2", title: "Workshop Safety Basics", launchPath: "index.html", launchQuery: "", masteryPercent: 80 });
    expect(contents.files.map((f) => f.path).sort()).toEqual(["Story Content/slide 1.js", "imsmanifest.xml", "index.html"]);
    expect(contents.sha256).toMatch(/^[0-9a-f]{64}$/);
  });

  it.each(["3rd", "4th"] as const)("detects SCORM 2004 %s edition, launching the first item of a nested organization", async (edition) => {
    const zip = await writeZip(
      [
        { name: "imsmanifest.xml", text: manifest2004(edition, "content/start.html?lang=en") },
        { name: "content/start.html", text: launchPage },
      ],
      await tempDir(),
    );
    const { manifest } = await checkScormPackage(zip);
    expect(manifest).toEqual({ version: `2004-${edition}`, title: "Forklift Refresher", launchPath: "content/start.html", launchQuery: "?lang=en", masteryPercent: 70 });
  });

  it("detects the version from the namespaces when the manifest has no schemaversion", async () => {
    const zip = await writeZip(
      [
        { name: "imsmanifest.xml", text: manifest12().replace("<schemaversion>1.2</schemaversion>", "") },
        { name: "index.html", text: launchPage },
      ],
      await tempDir(),
    );
    expect((await checkScormPackage(zip)).manifest.version).toBe("1.2");
  });

  it("launches the first SCO resource when the manifest has no organization", async () => {
    const xml = manifest12("lesson/a.html").replace(/<organizations[\s\S]*<\/organizations>/, "<organizations/>");
    const zip = await writeZip(
      [
        { name: "imsmanifest.xml", text: xml },
        { name: "lesson/a.html", text: launchPage },
      ],
      await tempDir(),
    );
    expect((await checkScormPackage(zip)).manifest.launchPath).toBe("lesson/a.html");
  });

  it("unpacks every file into the store under the package's folder", async () => {
    const root = await tempDir();
    const store = localFileStore(path.join(root, "store"));
    await unpackScormPackage(store, await writeZip(good12, root), "p1");
    const stored = await store.get(packageFileKey("p1", "Story Content/slide 1.js")!);
    expect(stored?.size).toBe("var x = 1;".length);
    expect(await new Response(stored!.stream()).text()).toBe("var x = 1;");
  });
});

/** A SCORM 2004 manifest whose organization's items and resources are given as XML. */
const manifest2004With = (items: string, resources: string, extra = { manifestAttrs: "", afterResources: "" }) => `<?xml version = "1.0" standalone = "no"?>
<manifest identifier="shapes" version="1" ${extra.manifestAttrs}
  xmlns="http://www.imsglobal.org/xsd/imscp_v1p1"
  xmlns:adlcp="http://www.adlnet.org/xsd/adlcp_v1p3"
  xmlns:adlseq="http://www.adlnet.org/xsd/adlseq_v1p3"
  xmlns:imsss="http://www.imsglobal.org/xsd/imsss">
  <metadata><schema>ADL SCORM</schema><schemaversion>2004 4th Edition</schemaversion></metadata>
  <organizations default="org">
    <organization identifier="org">
      <title>Lifting &amp; Carrying &#8211; Refresher</title>
      ${items}
    </organization>
  </organizations>
  <resources>${resources}</resources>${extra.afterResources}
</manifest>
`;

async function read(entries: ZipEntrySpec[]) {
  return (await checkScormPackage(await writeZip(entries, await tempDir()))).manifest;
}

describe("package shapes of other authors' tools are read as an LMS reads them", () => {
  it("decodes entities in parameters and titles, and joins xml:base to a resource's href (as ADL's conformance packages are written)", async () => {
    const manifest = await read([
      {
        name: "imsmanifest.xml",
        text: manifest2004With(
          `<item identifier="module"><title>Module</title>
             <item identifier="lesson-1" identifierref="sco" parameters="?tc=CM-07a&amp;act=3"><title>Lesson</title></item>
           </item>`,
          `<resource identifier="sco" type="webcontent" adlcp:scormType="sco" href="Test.htm" xml:base="resources/"><file href="Test.htm"/>
             <dependency identifierref="shared"/></resource>
           <resource identifier="shared" type="webcontent" adlcp:scormType="asset" xml:base="common/"><file href="api.js"/></resource>`,
        ),
      },
      { name: "resources/Test.htm", text: launchPage },
      { name: "common/api.js", text: "" },
    ]);
    expect(manifest).toMatchObject({ title: "Lifting & Carrying \u2013 Refresher", launchPath: "resources/Test.htm", launchQuery: "?tc=CM-07a&act=3" });
  });

  it.each([
    ["index.html?a=1", "?b=2&amp;c=3", "?a=1&b=2&c=3"],
    ["index.html", "lang=de", "?lang=de"],
    ["index.html", "&lang=de", "?lang=de"],
    ["index.html#start", "?x=1", "?x=1#start"],
    ["index.html?a=1", "#page-2", "?a=1#page-2"],
    ["index.html?a=1", "", "?a=1"],
  ])("launches %s with the item's parameters %j as %s", async (href, parameters, query) => {
    const manifest = await read([
      {
        name: "imsmanifest.xml",
        text: manifest2004With(
          `<item identifier="i" identifierref="sco" parameters="${parameters}"><title>Lesson</title></item>`,
          `<resource identifier="sco" type="webcontent" adlcp:scormType="sco" href="${href}"/>`,
        ),
      },
      { name: "index.html", text: launchPage },
    ]);
    expect(manifest.launchQuery).toBe(query);
  });

  it("joins the xml:base of <manifest>, <resources> and <resource>, each a folder", async () => {
    const text = manifest2004With(
      `<item identifier="i" identifierref="sco"><title>Lesson</title></item>`,
      `<resource identifier="sco" type="webcontent" adlcp:scormType="sco" href="start.html" xml:base="one"/>`,
      { manifestAttrs: 'xml:base="course/"', afterResources: "" },
    ).replace("<resources>", '<resources xml:base="lessons/">');
    expect((await read([{ name: "imsmanifest.xml", text }, { name: "course/lessons/one/start.html", text: launchPage }])).launchPath).toBe("course/lessons/one/start.html");
    const r = await refusal([{ name: "imsmanifest.xml", text }, { name: "lessons/one/start.html", text: launchPage }]);
    expect(r).toEqual({ problem: "launchMissing", message: 'imsmanifest.xml launches "course/lessons/one/start.html", but the package holds no such file.', stored: [] });
  });

  it.each([
    ['satisfiedByMeasure="true"', "", 100],
    ['satisfiedByMeasure="1"', "<imsss:minNormalizedMeasure>0.6</imsss:minNormalizedMeasure>", 60],
    ['satisfiedByMeasure="false"', "<imsss:minNormalizedMeasure>0.6</imsss:minNormalizedMeasure>", null],
  ])("reads SCORM 2004's mastery from a primary objective %s %s as %s", async (byMeasure, measure, percent) => {
    const manifest = await read([
      {
        name: "imsmanifest.xml",
        text: manifest2004With(
          `<item identifier="i" identifierref="sco"><title>Quiz</title>
             <imsss:sequencing><imsss:objectives><imsss:primaryObjective objectiveID="pass" ${byMeasure}>${measure}</imsss:primaryObjective></imsss:objectives>
             <adlseq:objectives><adlseq:objective objectiveID="pass"/></adlseq:objectives></imsss:sequencing>
           </item>`,
          `<resource identifier="sco" type="webcontent" adlcp:scormType="sco" href="index.html"/>`,
        ),
      },
      { name: "index.html", text: launchPage },
    ]);
    expect(manifest.masteryPercent).toBe(percent);
  });

  it("reads SCORM 2004's mastery from the sequencingCollection entry an item's sequencing refers to", async () => {
    const manifest = await read([
      {
        name: "imsmanifest.xml",
        text: manifest2004With(
          `<item identifier="i" identifierref="sco"><title>Quiz</title><imsss:sequencing IDRef="graded"/></item>`,
          `<resource identifier="sco" type="webcontent" adlcp:scormType="sco" href="index.html"/>`,
          {
            manifestAttrs: "",
            afterResources: `<imsss:sequencingCollection><imsss:sequencing ID="graded"><imsss:objectives>
              <imsss:primaryObjective objectiveID="pass" satisfiedByMeasure="true"><imsss:minNormalizedMeasure>0.75</imsss:minNormalizedMeasure></imsss:primaryObjective>
            </imsss:objectives></imsss:sequencing></imsss:sequencingCollection>`,
          },
        ),
      },
      { name: "index.html", text: launchPage },
    ]);
    expect(manifest.masteryPercent).toBe(75);
  });

  it("reads UTF-8 file names a zip does not mark as UTF-8, and still reads CP437 names as CP437", async () => {
    const root = await tempDir();
    const zip = await writeZip(
      [
        { name: "imsmanifest.xml", text: manifest12("Le%C3%A7on%201/d%C3%A9part.html") },
        { name: "Leçon 1/départ.html", text: launchPage },
        { name: "cafX.txt", text: "x" },
      ],
      root,
    );
    // 0x82 is "é" in CP437 and no UTF-8 character on its own.
    await unmarkUtf8Names(zip, [["cafX.txt", Buffer.from([0x63, 0x61, 0x66, 0x82, 0x2e, 0x74, 0x78, 0x74])]]);
    const contents = await checkScormPackage(zip);
    expect(contents.manifest.launchPath).toBe("Leçon 1/départ.html");
    expect(contents.files.map((f) => f.path).sort()).toEqual(["Leçon 1/départ.html", "café.txt", "imsmanifest.xml"]);
    const store = localFileStore(path.join(root, "store"));
    await unpackScormPackage(store, zip, "p1");
    expect((await store.get(packageFileKey("p1", "Leçon 1/départ.html")!))?.size).toBe(launchPage.length);
  });

  it("finds a launch file whose name the zip writes decomposed (as macOS does) while the manifest writes it composed", async () => {
    const decomposed = "Leçon 1/départ.html".normalize("NFD");
    const manifest = await read([
      { name: "imsmanifest.xml", text: manifest12("Leçon 1/départ.html") },
      { name: decomposed, text: launchPage },
    ]);
    expect(manifest.launchPath).toBe(decomposed);
  });
});

describe("a bad SCORM package is refused with its own message, and nothing is stored", () => {
  it.each([
    ["../evil.html", "climbs out of the package folder"],
    ["lesson/../../evil.html", "climbs out of the package folder"],
    ["/etc/evil.html", "is an absolute path"],
    ["C:/evil.html", "names a drive letter"],
    ["lesson\\..\\evil.html", "uses back-slashes"],
  ])("an entry named %s", async (name, words) => {
    const r = await refusal([...good12, { name, text: "pwned" }]);
    expect(r.problem).toBe("unsafePath");
    expect(r.message).toContain(words);
    expect(r.stored).toEqual([]);
  });

  it("a symbolic link", async () => {
    const r = await refusal([...good12, { name: "passwd.html", symlinkTo: "/etc/passwd" }]);
    expect(r).toEqual({ problem: "link", message: expect.stringContaining('"passwd.html" is a symbolic link'), stored: [] });
  });

  it("a package without imsmanifest.xml", async () => {
    const r = await refusal([{ name: "index.html", text: launchPage }]);
    expect(r).toEqual({ problem: "noManifest", message: expect.stringContaining("no imsmanifest.xml at its root"), stored: [] });
  });

  it("a package whose manifest lies in a folder", async () => {
    const r = await refusal(good12.map((e) => ({ ...e, name: `course/${e.name}` }) as ZipEntrySpec));
    expect(r.problem).toBe("noManifest");
    expect(r.message).toContain('one lies at "course/imsmanifest.xml"');
  });

  it("a manifest whose launch file is missing", async () => {
    const r = await refusal([{ name: "imsmanifest.xml", text: manifest12("lesson/start.html") }, { name: "index.html", text: launchPage }]);
    expect(r).toEqual({ problem: "launchMissing", message: expect.stringContaining('launches "lesson/start.html", but the package holds no such file'), stored: [] });
  });

  it("a manifest whose launch href leaves the package", async () => {
    const r = await refusal([{ name: "imsmanifest.xml", text: manifest12("../index.html") }, { name: "index.html", text: launchPage }]);
    expect(r.problem).toBe("launchMissing");
  });

  it("a manifest whose item names a resource it does not define", async () => {
    const r = await refusal([{ name: "imsmanifest.xml", text: manifest12().replace('identifierref="sco-1"', 'identifierref="sco-9"') }, { name: "index.html", text: launchPage }]);
    expect(r.problem).toBe("launchMissing");
    expect(r.message).toContain('"sco-9"');
  });

  it("a manifest that is not XML", async () => {
    const r = await refusal([{ name: "imsmanifest.xml", text: "<manifest><organizations></manifest>" }, { name: "index.html", text: launchPage }]);
    expect(r.problem).toBe("manifestNotXml");
    expect(r.message).toMatch(/^imsmanifest.xml is not well-formed XML: .+ \(line \d+, column \d+\)\.$/);
  });

  it("a manifest without a SCORM version", async () => {
    const xml = manifest12().replace("<schemaversion>1.2</schemaversion>", "").replace(/xmlns:adlcp="[^"]+"/, "").replace(/xmlns="[^"]+"/, "");
    const r = await refusal([{ name: "imsmanifest.xml", text: xml }, { name: "index.html", text: launchPage }]);
    expect(r.problem).toBe("manifestInvalid");
    expect(r.message).toContain("does not say which SCORM version");
  });

  it("a file that is not a zip", async () => {
    const root = await tempDir();
    const file = path.join(root, "not.zip");
    await fs.writeFile(file, "just text");
    await expect(checkScormPackage(file)).rejects.toMatchObject({ problem: "notZip" });
  });

  it("a package over the size limit", async () => {
    const r = await refusal(good12, { ...scormPackageLimits, maxPackageBytes: 200 });
    expect(r.problem).toBe("tooLarge");
    expect(r.message).toMatch(/^The package is .+; a package may be at most 200 bytes\.$/);
    expect(r.stored).toEqual([]);
  });

  it("a package that unpacks to more than the limit", async () => {
    const r = await refusal([...good12, { name: "big.txt", text: "a".repeat(50_000) }], { ...scormPackageLimits, maxUnpackedBytes: 20_000 });
    expect(r.problem).toBe("tooLarge");
    expect(r.message).toContain("unpacks to more than 19.5 KB");
  });

  it("a package with more files than the limit", async () => {
    const many = Array.from({ length: 5 }, (_, i) => ({ name: `assets/${i}.txt`, text: "x" }));
    const r = await refusal([...good12, ...many], { ...scormPackageLimits, maxFiles: 4 });
    expect(r.problem).toBe("tooManyFiles");
    expect(r.message).toBe("The package holds 8 entries; at most 4 are accepted.");
  });

  it("a package that lists a file twice", async () => {
    const r = await refusal([...good12, { name: "index.html", text: "other" }]);
    expect(r.problem).toBe("duplicateEntry");
  });
});
