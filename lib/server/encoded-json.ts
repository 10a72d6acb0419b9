import "server-only";
import { createHash } from "node:crypto";
import { gzipSync } from "node:zlib";

/**
 * A JSON answer serialized once for a given content, and gzipped once where the server may send
 * compressed bytes as they are. A call whose answer is large and is asked for again unchanged (the
 * course tree on every page of a course) names its content by a key computed from what it read of
 * the database on this request (rows, or revisions the database raises with every change to them):
 * while the key is the same, the stored answer is sent again. The key is read on every request, so
 * it always reflects the database, whichever process wrote to it.
 */
export class EncodedJson {
  #gzip: Buffer | undefined;
  constructor(readonly json: string) {}
  get gzip(): Buffer {
    return (this.#gzip ??= gzipSync(this.json));
  }
}

/** The key of an answer's content: a hash of everything the answer is built from. */
export function contentKey(inputs: unknown): string {
  return createHash("sha256").update(JSON.stringify(inputs)).digest("base64url");
}

/** Stored answers by content key, least recently used dropped first once their JSON passes `maxBytes`. */
export class EncodedJsonStore {
  readonly #entries = new Map<string, EncodedJson>();
  #bytes = 0;

  constructor(private readonly maxBytes: number) {}

  /** The stored answer for `key`, else what `build()` gives, serialized and stored. */
  async get(key: string, build: () => unknown): Promise<EncodedJson> {
    const stored = this.#entries.get(key);
    if (stored) {
      this.#entries.delete(key);
      this.#entries.set(key, stored);
      return stored;
    }
    const entry = new EncodedJson(JSON.stringify(await build()));
    this.#entries.set(key, entry);
    this.#bytes += entry.json.length;
    for (const [oldKey, old] of this.#entries) {
      if (this.#bytes <= this.maxBytes || oldKey === key) break;
      this.#entries.delete(oldKey);
      this.#bytes -= old.json.length;
    }
    return entry;
  }

  get size() {
    return this.#entries.size;
  }
}
