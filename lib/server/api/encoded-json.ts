import "server-only";
import { createHash } from "node:crypto";
import { gunzipSync, gzipSync } from "node:zlib";

/**
 * A JSON answer serialized and gzipped once for a given content. A call whose answer is large and is
 * asked for again unchanged (the course tree on every page of a course) names its content by a key
 * computed from the rows it read: while the key is the same, the stored bytes are sent as they are;
 * the SQL still runs on every request, so the key always reflects the database.
 */
export class EncodedJson {
  constructor(readonly gzip: Buffer) {}
}

/** The key of an answer's content: a hash of everything the answer is built from. */
export function contentKey(inputs: unknown): string {
  return createHash("sha256").update(JSON.stringify(inputs)).digest("base64url");
}

/** Stored answers by content key, least recently used dropped first once they pass `maxBytes`. */
export class EncodedJsonStore {
  readonly #entries = new Map<string, EncodedJson>();
  #bytes = 0;

  constructor(private readonly maxBytes: number) {}

  /** The stored answer for `key`, else `build()` serialized, gzipped and stored. */
  get(key: string, build: () => unknown): EncodedJson {
    const stored = this.#entries.get(key);
    if (stored) {
      this.#entries.delete(key);
      this.#entries.set(key, stored);
      return stored;
    }
    const entry = new EncodedJson(gzipSync(JSON.stringify(build())));
    this.#entries.set(key, entry);
    this.#bytes += entry.gzip.byteLength;
    for (const [oldKey, old] of this.#entries) {
      if (this.#bytes <= this.maxBytes || oldKey === key) break;
      this.#entries.delete(oldKey);
      this.#bytes -= old.gzip.byteLength;
    }
    return entry;
  }

  get size() {
    return this.#entries.size;
  }
}

/**
 * The HTTP answer for a stored answer: its gzip bytes as they are for a client that accepts gzip
 * (every browser), the plain JSON otherwise. Undefined when the answer is not a stored one.
 */
export function encodedJsonResponse(answer: unknown, acceptEncoding: string | undefined, status: number): Response | undefined {
  if (!(answer instanceof EncodedJson)) return undefined;
  const headers = new Headers({ "Content-Type": "application/json", Vary: "Accept-Encoding" });
  if (!/\bgzip\b/i.test(acceptEncoding ?? "")) return new Response(gunzipSync(answer.gzip).toString("utf8"), { status, headers });
  headers.set("Content-Encoding", "gzip");
  // A Buffer from zlib sits on a plain ArrayBuffer, never a shared one.
  return new Response(answer.gzip as Uint8Array<ArrayBuffer>, { status, headers });
}
