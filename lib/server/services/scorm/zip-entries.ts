import "server-only";
import type { Readable } from "node:stream";
import yauzl from "yauzl";
import { ScormPackageError } from "./package-error";

/** One file of a package as its zip's central directory lists it. */
export interface ZipFileEntry {
  /** The path inside the package, "/"-separated, never escaping the package folder. */
  path: string;
  /** Declared bytes once unpacked (yauzl refuses a stream that yields more). */
  size: number;
  compressedSize: number;
  entry: yauzl.Entry;
}

export interface OpenedZip {
  files: ZipFileEntry[];
  openStream(file: ZipFileEntry): Promise<Readable>;
  close(): void;
}

// Unix file type bits of the external attributes (made on Unix: upper byte of versionMadeBy is 3).
const S_IFMT = 0o170000;
const S_IFLNK = 0o120000;

/**
 * Why an entry's name may not be unpacked, or null when it is a plain relative path: zip-slip
 * ("..", absolute paths, drive letters) and back-slashes (a Windows separator that would
 * let "..\x" climb on some file stores) are refused here, before any byte is read.
 */
export function unsafeEntryName(name: string): string | null {
  if (name.includes("\\")) return `the entry "${name}" uses back-slashes in its path; package paths use "/" only`;
  if (/^[A-Za-z]:/.test(name)) return `the entry "${name}" names a drive letter; every path must be relative to the package folder`;
  if (name.startsWith("/")) return `the entry "${name}" is an absolute path; every path must be relative to the package folder`;
  if (name.includes("\0")) return `the entry "${name}" holds a NUL character in its name`;
  if (name.split("/").some((part) => part === "..")) return `the entry "${name}" climbs out of the package folder with ".." (a zip-slip entry)`;
  return null;
}

const UTF8_NAME_FLAG = 0x800;
const UNICODE_PATH_EXTRA_FIELD = 0x7075;
const strictUtf8 = new TextDecoder("utf-8", { fatal: true });

/**
 * An entry's name. A zip marks UTF-8 names with a flag (or an Info-ZIP Unicode path field), and
 * yauzl reads an unmarked name as CP437; but many tools (macOS's Archive Utility, Java's and
 * PHP's zip writers) write UTF-8 names without the flag. An unmarked name whose bytes are valid
 * UTF-8 with a non-ASCII byte is read as UTF-8: CP437 text almost never forms valid UTF-8.
 */
function entryName(entry: yauzl.Entry): string {
  const marked = (entry.generalPurposeBitFlag & UTF8_NAME_FLAG) !== 0 || entry.extraFields.some((f) => f.id === UNICODE_PATH_EXTRA_FIELD);
  if (!marked && entry.fileNameRaw.some((byte) => byte >= 0x80)) {
    try {
      return strictUtf8.decode(entry.fileNameRaw);
    } catch {
      // Not UTF-8: a name written in CP437, as the zip format says.
    }
  }
  return yauzl.getFileNameLowLevel(entry.generalPurposeBitFlag, entry.fileNameRaw, entry.extraFields, true);
}

function isSymlink(entry: yauzl.Entry): boolean {
  const madeOnUnix = entry.versionMadeBy >> 8 === 3;
  return madeOnUnix && ((entry.externalFileAttributes >>> 16) & S_IFMT) === S_IFLNK;
}

/**
 * Opens a zip file and lists its files (folders left out), refusing it whole, before anything is
 * unpacked, when an entry is unsafe (zip-slip, link), listed twice, or the listing exceeds the
 * file-count or unpacked-size limit. Only the central directory is read here; contents stream later.
 */
export async function openZip(file: string, limits: { maxFiles: number; maxUnpackedBytes: number }): Promise<OpenedZip> {
  let zip: yauzl.ZipFile;
  try {
    zip = await new Promise<yauzl.ZipFile>((resolve, reject) =>
      // decodeStrings off: yauzl would refuse unsafe names with its own wording (and turn back-slashes
      // into "/"); ours names the rule.
      yauzl.open(file, { lazyEntries: true, decodeStrings: false, autoClose: false }, (err, z) => (err ? reject(err) : resolve(z))),
    );
  } catch (err) {
    throw new ScormPackageError("notZip", `The package is not a readable zip file (${(err as Error).message}).`);
  }
  try {
    if (zip.entryCount > limits.maxFiles) throw tooManyFiles(zip.entryCount, limits.maxFiles);
    const files = await listEntries(zip, limits);
    return {
      files,
      openStream: (f) =>
        new Promise<Readable>((resolve, reject) => zip.openReadStream(f.entry, (err, stream) => (err ? reject(err) : resolve(stream)))),
      close: () => zip.close(),
    };
  } catch (err) {
    zip.close();
    throw err;
  }
}

const tooManyFiles = (count: number, max: number) =>
  new ScormPackageError("tooManyFiles", `The package holds ${count} entries; at most ${max} are accepted.`);

function listEntries(zip: yauzl.ZipFile, limits: { maxFiles: number; maxUnpackedBytes: number }): Promise<ZipFileEntry[]> {
  return new Promise((resolve, reject) => {
    const files: ZipFileEntry[] = [];
    const seen = new Set<string>();
    let unpacked = 0;
    const fail = (err: Error) => {
      zip.removeAllListeners("entry");
      reject(err);
    };
    zip.on("error", (err: Error) =>
      fail(err instanceof ScormPackageError ? err : new ScormPackageError("notZip", `The package is not a readable zip file (${err.message}).`)),
    );
    zip.on("end", () => resolve(files));
    zip.on("entry", (entry: yauzl.Entry) => {
      const name = entryName(entry);
      const unsafe = unsafeEntryName(name);
      if (unsafe) return fail(new ScormPackageError("unsafePath", `The package was refused: ${unsafe}.`));
      if (isSymlink(entry)) return fail(new ScormPackageError("link", `The package was refused: the entry "${name}" is a symbolic link; packages may hold only files and folders.`));
      if (!name.endsWith("/")) {
        const path = name.split("/").filter((p) => p !== "" && p !== ".").join("/");
        if (!path) return zip.readEntry();
        if (seen.has(path)) return fail(new ScormPackageError("duplicateEntry", `The package lists "${path}" twice.`));
        seen.add(path);
        unpacked += entry.uncompressedSize;
        if (unpacked > limits.maxUnpackedBytes)
          return fail(
            new ScormPackageError("tooLarge", `The package unpacks to more than ${formatBytes(limits.maxUnpackedBytes)}, the most a package may hold once unpacked.`),
          );
        files.push({ path, size: entry.uncompressedSize, compressedSize: entry.compressedSize, entry });
        if (files.length > limits.maxFiles) return fail(tooManyFiles(files.length, limits.maxFiles));
      }
      zip.readEntry();
    });
    zip.readEntry();
  });
}

/** "250 MB", "1 GB", "512 KB": the limits as a person reads them. */
export function formatBytes(bytes: number): string {
  const units = [
    ["GB", 1024 ** 3],
    ["MB", 1024 ** 2],
    ["KB", 1024],
  ] as const;
  for (const [unit, size] of units) if (bytes >= size) return `${Number((bytes / size).toFixed(1))} ${unit}`;
  return `${bytes} bytes`;
}
