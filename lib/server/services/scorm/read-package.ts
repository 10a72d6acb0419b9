import "server-only";
import { createHash } from "node:crypto";
import { createReadStream, createWriteStream, promises as fs } from "node:fs";
import os from "node:os";
import path from "node:path";
import { pipeline } from "node:stream/promises";
import type { FileStore } from "@/lib/server/storage/file-store";
import { packageFileKey } from "./package-files";
import { ScormPackageError } from "./package-error";
import { readManifest, type ScormManifest } from "./read-manifest";
import { formatBytes, openZip, type OpenedZip } from "./zip-entries";

/** The most a package may be: docs/scorm-xapi.md states them. */
export interface ScormPackageLimits {
  /** The zip file's own size. */
  maxPackageBytes: number;
  /** The sum of the files' sizes once unpacked. */
  maxUnpackedBytes: number;
  /** Files (and folders) the zip lists. */
  maxFiles: number;
  /** imsmanifest.xml's own size. */
  maxManifestBytes: number;
}

export const scormPackageLimits: ScormPackageLimits = {
  maxPackageBytes: 500 * 1024 ** 2,
  maxUnpackedBytes: 1024 ** 3,
  maxFiles: 10_000,
  maxManifestBytes: 4 * 1024 ** 2,
};

/** A package that passed every check. */
export interface ScormPackageContents {
  manifest: ScormManifest;
  files: { path: string; size: number }[];
  unpackedBytes: number;
  /** The zip's SHA-256 in hex: the same package imported twice is stored once. */
  sha256: string;
}

async function readAll(stream: NodeJS.ReadableStream): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(Buffer.from(chunk as Buffer));
  return Buffer.concat(chunks);
}

async function sha256Of(file: string): Promise<string> {
  const hash = createHash("sha256");
  await pipeline(createReadStream(file), hash);
  return hash.digest("hex");
}

/**
 * The package's own path for a path its manifest names: the same path, else the one that differs
 * only in Unicode normalization (a package zipped on macOS names "é" as "e" and a combining accent,
 * while its manifest was typed with "é").
 */
function fileFinder(paths: string[]): (p: string) => string | undefined {
  const exact = new Set(paths);
  const normalized = new Map<string, string>();
  for (const p of paths) if (!normalized.has(p.normalize("NFC"))) normalized.set(p.normalize("NFC"), p);
  return (p) => (exact.has(p) ? p : normalized.get(p.normalize("NFC")));
}

async function check(file: string, limits: ScormPackageLimits): Promise<{ zip: OpenedZip; contents: ScormPackageContents }> {
  const stat = await fs.stat(file).catch(() => null);
  if (!stat?.isFile()) throw new ScormPackageError("notZip", `The package file ${path.basename(file)} does not exist.`);
  if (stat.size > limits.maxPackageBytes) {
    throw new ScormPackageError("tooLarge", `The package is ${formatBytes(stat.size)}; a package may be at most ${formatBytes(limits.maxPackageBytes)}.`);
  }
  const zip = await openZip(file, limits);
  try {
    const manifestEntry = zip.files.find((f) => f.path === "imsmanifest.xml");
    if (!manifestEntry) {
      const nested = zip.files.find((f) => f.path.endsWith("/imsmanifest.xml"));
      throw new ScormPackageError(
        "noManifest",
        nested
          ? `The package has no imsmanifest.xml at its root (one lies at "${nested.path}": zip the contents of that folder, not the folder).`
          : "The package has no imsmanifest.xml at its root: it is not a SCORM package.",
      );
    }
    if (manifestEntry.size > limits.maxManifestBytes) {
      throw new ScormPackageError("tooLarge", `imsmanifest.xml is ${formatBytes(manifestEntry.size)}; it may be at most ${formatBytes(limits.maxManifestBytes)}.`);
    }
    const xml = (await readAll(await zip.openStream(manifestEntry))).toString("utf8").replace(/^\uFEFF/, "");
    const manifest = readManifest(xml, fileFinder(zip.files.map((f) => f.path)));
    const files = zip.files.map((f) => ({ path: f.path, size: f.size }));
    return {
      zip,
      contents: { manifest, files, unpackedBytes: files.reduce((sum, f) => sum + f.size, 0), sha256: await sha256Of(file) },
    };
  } catch (err) {
    zip.close();
    throw err;
  }
}

/**
 * Checks a SCORM package (a zip file on this machine) without unpacking it: the entries (no
 * zip-slip, no links), the limits, imsmanifest.xml at the root, the version and the launch file.
 * Throws a ScormPackageError naming the first problem.
 */
export async function checkScormPackage(file: string, limits: ScormPackageLimits = scormPackageLimits): Promise<ScormPackageContents> {
  const { zip, contents } = await check(file, limits);
  zip.close();
  return contents;
}

/**
 * Checks a package, then unpacks every file into the store under scorm/<packageId>/, one file at a
 * time through a temporary file (a large file is never held in memory). Nothing is written before
 * every check has passed; when writing fails half-way, what was written is removed again.
 */
export async function unpackScormPackage(
  store: FileStore,
  file: string,
  packageId: string,
  limits: ScormPackageLimits = scormPackageLimits,
): Promise<ScormPackageContents> {
  const { zip, contents } = await check(file, limits);
  const written: string[] = [];
  const tmp = await fs.mkdtemp(path.join(os.tmpdir(), "scorm-"));
  try {
    for (const [i, f] of zip.files.entries()) {
      const key = packageFileKey(packageId, f.path);
      if (!key) throw new ScormPackageError("unsafePath", `The package was refused: the entry "${f.path}" is not a plain path.`);
      const part = path.join(tmp, String(i));
      await pipeline(await zip.openStream(f), createWriteStream(part));
      written.push(key);
      await store.putFile(key, part);
      await fs.rm(part, { force: true });
    }
    return contents;
  } catch (err) {
    await Promise.allSettled(written.map((key) => store.remove(key)));
    throw err;
  } finally {
    zip.close();
    await fs.rm(tmp, { recursive: true, force: true });
  }
}
