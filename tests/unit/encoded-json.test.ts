import { gunzipSync } from "node:zlib";
import { describe, expect, it } from "vitest";
import { contentKey, EncodedJsonStore } from "@/lib/server/api/encoded-json";

const text = (gzip: Buffer) => gunzipSync(gzip).toString("utf8");
const size = (seed: number) => JSON.stringify(big(seed)()).length;
const big = (seed: number) => () => ({ rows: Array.from({ length: 400 }, (_, i) => `${seed}-${i}-${(i * 7919 + seed) % 10007}`) });

describe("stored JSON answers", () => {
  it("build an answer once per content key and send the same bytes again", () => {
    const store = new EncodedJsonStore(1024 * 1024);
    let builds = 0;
    const build = () => ({ n: ++builds });
    const first = store.get(contentKey({ user: 1, rows: [1, 2] }), build);
    const again = store.get(contentKey({ user: 1, rows: [1, 2] }), build);
    const changed = store.get(contentKey({ user: 1, rows: [1, 2, 3] }), build);
    expect(builds).toBe(2);
    expect(again).toBe(first);
    expect(JSON.parse(first.json)).toEqual({ n: 1 });
    expect(JSON.parse(text(first.gzip))).toEqual({ n: 1 });
    expect(JSON.parse(text(changed.gzip))).toEqual({ n: 2 });
  });

  it("drop the least recently used answers once they pass the store's size", () => {
    const store = new EncodedJsonStore(size(1) * 2.5);
    store.get("a", big(1));
    store.get("b", big(2));
    store.get("a", big(1)); // a is used again: b is now the oldest
    store.get("c", big(3));
    expect(store.size).toBe(2);
    let rebuilt = 0;
    store.get("a", () => (rebuilt++, big(1)()));
    store.get("b", () => (rebuilt++, big(2)()));
    expect(rebuilt).toBe(1);
  });
});
