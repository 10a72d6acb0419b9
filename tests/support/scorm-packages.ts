import { createWriteStream, promises as fs } from "node:fs";
import os from "node:os";
import path from "node:path";
import { pipeline } from "node:stream/promises";
import { ZipFile } from "yazl";

/** One entry of a zip written for a test: a file with its text, or a symbolic link to a target. */
export type ZipEntrySpec = { name: string; text: string; symlinkTo?: undefined } | { name: string; symlinkTo: string; text?: undefined };

/**
 * Writes a zip file from entries, exactly as named: yazl checks names, so unsafe ones (zip-slip,
 * absolute, back-slashes) are written with a safe placeholder of the same length and patched
 * into the file's bytes afterwards, as a hostile tool would have written them.
 */
export async function writeZip(entries: ZipEntrySpec[], dir?: string): Promise<string> {
  const folder = dir ?? (await fs.mkdtemp(path.join(os.tmpdir(), "scorm-test-")));
  const file = path.join(folder, `package-${Math.random().toString(36).slice(2)}.zip`);
  const zip = new ZipFile();
  const patches: [string, string][] = [];
  for (const [i, e] of entries.entries()) {
    const safe = /^[\p{L}\p{M}\p{N}._/ -]+$/u.test(e.name) && !e.name.startsWith("/") && !e.name.split("/").includes("..") ? e.name : placeholder(e.name, i);
    if (safe !== e.name) patches.push([safe, e.name]);
    if (e.symlinkTo !== undefined) zip.addBuffer(Buffer.from(e.symlinkTo), safe, { mode: 0o120777 });
    else zip.addBuffer(Buffer.from(e.text), safe);
  }
  zip.end();
  await pipeline(zip.outputStream, createWriteStream(file));
  if (patches.length) {
    let bytes: Buffer = await fs.readFile(file);
    for (const [from, to] of patches) bytes = replaceAll(bytes, Buffer.from(from), Buffer.from(to));
    await fs.writeFile(file, bytes);
  }
  return file;
}

function placeholder(name: string, i: number): string {
  const tag = `x${i}`;
  return (tag + "a".repeat(Math.max(0, name.length - tag.length))).slice(0, Math.max(name.length, tag.length));
}

function replaceAll(bytes: Buffer, from: Buffer, to: Buffer): Buffer {
  if (from.length !== to.length) throw new Error("patched names keep their length");
  let at = bytes.indexOf(from);
  while (at !== -1) {
    to.copy(bytes, at);
    at = bytes.indexOf(from, at + to.length);
  }
  return bytes;
}

/** A SCORM 1.2 manifest launching `href`. */
export const manifest12 = (href = "index.html", extra = "") => `<?xml version="1.0" encoding="UTF-8"?>
<manifest identifier="demo-12" version="1.0"
  xmlns="http://www.imsproject.org/xsd/imscp_rootv1p1p2"
  xmlns:adlcp="http://www.adlnet.org/xsd/adlcp_rootv1p2">
  <metadata><schema>ADL SCORM</schema><schemaversion>1.2</schemaversion></metadata>
  <organizations default="org">
    <organization identifier="org">
      <title>Workshop Safety Basics</title>
      <item identifier="item-1" identifierref="sco-1">
        <title>Lesson</title>
        <adlcp:masteryscore>80</adlcp:masteryscore>
      </item>
    </organization>
  </organizations>
  <resources>
    <resource identifier="sco-1" type="webcontent" adlcp:scormtype="sco" href="${href}">
      <file href="${href}"/>${extra}
    </resource>
  </resources>
</manifest>
`;

/** A SCORM 2004 manifest (3rd or 4th edition) launching `href`. */
export const manifest2004 = (edition: "3rd" | "4th", href = "content/start.html") => `<?xml version="1.0" encoding="UTF-8"?>
<manifest identifier="demo-2004" version="1"
  xmlns="http://www.imsglobal.org/xsd/imscp_v1p1"
  xmlns:adlcp="http://www.adlnet.org/xsd/adlcp_v1p3"
  xmlns:imsss="http://www.imsglobal.org/xsd/imsss">
  <metadata><schema>ADL SCORM</schema><schemaversion>2004 ${edition} Edition</schemaversion></metadata>
  <organizations default="org">
    <organization identifier="org">
      <title>Forklift Refresher</title>
      <item identifier="module" >
        <title>Module</title>
        <item identifier="item-1" identifierref="sco-1">
          <title>Lesson</title>
          <imsss:sequencing>
            <imsss:objectives>
              <imsss:primaryObjective objectiveID="pass" satisfiedByMeasure="true">
                <imsss:minNormalizedMeasure>0.7</imsss:minNormalizedMeasure>
              </imsss:primaryObjective>
            </imsss:objectives>
          </imsss:sequencing>
        </item>
      </item>
    </organization>
  </organizations>
  <resources>
    <resource identifier="sco-1" type="webcontent" adlcp:scormType="sco" href="${href}">
      <file href="${href}"/>
    </resource>
  </resources>
</manifest>
`;

export const launchPage = `<!doctype html><html><head><title>Lesson</title></head><body><p>Lesson</p></body></html>`;

/**
 * Clears the UTF-8 flag (general purpose bit 11) of every entry of a zip written by writeZip, as
 * the tools do that write UTF-8 names without marking them; `rawNames` first swaps a name's bytes
 * for others of the same length (a name written in CP437, say).
 */
export async function unmarkUtf8Names(file: string, rawNames: [name: string, bytes: Buffer][] = []): Promise<void> {
  let bytes: Buffer = await fs.readFile(file);
  for (const [name, raw] of rawNames) bytes = replaceAll(bytes, Buffer.from(name), raw);
  const end = bytes.lastIndexOf(Buffer.from([0x50, 0x4b, 0x05, 0x06]));
  const count = bytes.readUInt16LE(end + 10);
  let at = bytes.readUInt32LE(end + 16);
  for (let i = 0; i < count; i++) {
    const local = bytes.readUInt32LE(at + 42);
    bytes.writeUInt16LE(bytes.readUInt16LE(at + 8) & ~0x800, at + 8);
    bytes.writeUInt16LE(bytes.readUInt16LE(local + 6) & ~0x800, local + 6);
    at += 46 + bytes.readUInt16LE(at + 28) + bytes.readUInt16LE(at + 30) + bytes.readUInt16LE(at + 32);
  }
  await fs.writeFile(file, bytes);
}
