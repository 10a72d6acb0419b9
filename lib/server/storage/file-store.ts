import "server-only";
import { createReadStream, promises as fs } from "node:fs";
import path from "node:path";
import { Readable } from "node:stream";
import type { ServerEnv } from "@/lib/env";
import { storageRoot } from "./local-files";
import { s3FileStore } from "./s3-file-store";

/** A stored file as read back: its bytes as a stream, and its size. */
export interface StoredFile {
  size: number;
  stream: () => ReadableStream<Uint8Array>;
}

/**
 * Where uploaded files are kept. Keys are made by the server (a folder and a uuid), never from a
 * learner's file name. The local folder is the default; another store only has to offer these three.
 */
export interface FileStore {
  put(key: string, bytes: Uint8Array): Promise<void>;
  get(key: string): Promise<StoredFile | null>;
  remove(key: string): Promise<void>;
  /** Stores a file of this machine under `key`, streamed (a 2 GB video is never held in memory). */
  putFile(key: string, file: string): Promise<void>;
  /** The size of a stored file in bytes, or null when there is none. */
  size(key: string): Promise<number | null>;
  /** Bytes `start` to `end` (inclusive) of a stored file, or null when there is none. */
  getRange(key: string, start: number, end: number): Promise<StoredFile | null>;
  /** Where the file lies on this machine, when the store is a local folder (processing reads it in place). */
  localPath?(key: string): string;
}

const safeKey = /^[a-z0-9-]+(\/[A-Za-z0-9._-]+)+$/;

function pathOf(root: string, key: string): string {
  if (!safeKey.test(key) || key.split("/").some((part) => part === "." || part === "..")) throw new Error(`Not a storage key: ${key}`);
  return path.join(root, ...key.split("/"));
}

/** Files in a folder on this machine (UPLOAD_DIR, else ./storage). */
export function localFileStore(root: string): FileStore {
  return {
    async put(key, bytes) {
      const file = pathOf(root, key);
      await fs.mkdir(path.dirname(file), { recursive: true });
      // Written under a temporary name and renamed, so a reader never sees half a file.
      const partial = `${file}.partial`;
      await fs.writeFile(partial, bytes, { flag: "wx" });
      await fs.rename(partial, file);
    },
    async get(key) {
      const file = pathOf(root, key);
      try {
        const stat = await fs.stat(file);
        if (!stat.isFile()) return null;
        return { size: stat.size, stream: () => Readable.toWeb(createReadStream(file)) as ReadableStream<Uint8Array> };
      } catch {
        return null;
      }
    },
    async remove(key) {
      await fs.rm(pathOf(root, key), { force: true });
    },
    async putFile(key, source) {
      const file = pathOf(root, key);
      await fs.mkdir(path.dirname(file), { recursive: true });
      const partial = `${file}.partial`;
      await fs.copyFile(source, partial);
      await fs.rename(partial, file);
    },
    async size(key) {
      try {
        const stat = await fs.stat(pathOf(root, key));
        return stat.isFile() ? stat.size : null;
      } catch {
        return null;
      }
    },
    async getRange(key, start, end) {
      const file = pathOf(root, key);
      try {
        const stat = await fs.stat(file);
        if (!stat.isFile()) return null;
        const last = Math.min(end, stat.size - 1);
        return { size: Math.max(0, last - start + 1), stream: () => Readable.toWeb(createReadStream(file, { start, end: last })) as ReadableStream<Uint8Array> };
      } catch {
        return null;
      }
    },
    localPath: (key) => pathOf(root, key),
  };
}

type StoreSettings = Pick<ServerEnv, "UPLOAD_DIR" | "S3_BUCKET" | "S3_ENDPOINT" | "S3_REGION" | "S3_ACCESS_KEY_ID" | "S3_SECRET_ACCESS_KEY">;

/** The store the settings choose: the S3-compatible bucket when S3_BUCKET is set, else the local folder. */
export function fileStoreFromEnv(env: StoreSettings): FileStore {
  if (!env.S3_BUCKET) return localFileStore(storageRoot(env.UPLOAD_DIR));
  if (!env.S3_ACCESS_KEY_ID || !env.S3_SECRET_ACCESS_KEY) {
    throw new Error("S3_BUCKET is set without S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY: set both keys, or unset S3_BUCKET to keep files in UPLOAD_DIR.");
  }
  const region = env.S3_REGION ?? "us-east-1";
  return s3FileStore({
    endpoint: env.S3_ENDPOINT ?? `https://s3.${region}.amazonaws.com`,
    bucket: env.S3_BUCKET,
    region,
    accessKeyId: env.S3_ACCESS_KEY_ID,
    secretAccessKey: env.S3_SECRET_ACCESS_KEY,
  });
}
