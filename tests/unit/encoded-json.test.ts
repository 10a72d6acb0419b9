import { gunzipSync } from "node:zlib";
import { describe, expect, it } from "vitest";
import { contentKey, EncodedJsonStore } from "@/lib/server/encoded-json";

const text = (gzip: Buffer) => gunzipSync(gzip).toString("utf8");
const size = (seed: number) => JSON.stringify(big(seed)()).length;
const big = (seed: number) => () => ({ rows: Array.from({ length: 400 }, (_, i) => `${seed}-${i}-${(i * 7919 + seed) % 10007}`) });

describe("stored JSON answers", async () => {
  it("build an answer once per content key and send the same bytes again", async () => {
    const store = new EncodedJsonStore(1024 * 1024);
    let builds = 0;
    const build = () => ({ n: ++builds });
    const first = await store.get(contentKey({ user: 1, rows: [1, 2] }), build);
    const again = await store.get(contentKey({ user: 1, rows: [1, 2] }), build);
    const changed = await store.get(contentKey({ user: 1, rows: [1, 2, 3] }), build);
    expect(builds).toBe(2);
    expect(again).toBe(first);
    expect(JSON.parse(first.json)).toEqual({ n: 1 });
    expect(JSON.parse(text(first.gzip))).toEqual({ n: 1 });
    expect(JSON.parse(text(changed.gzip))).toEqual({ n: 2 });
  });

  it("drop the least recently used answers once they pass the store's size", async () => {
    const store = new EncodedJsonStore(size(1) * 2.5);
    await store.get("a", big(1));
    await store.get("b", big(2));
    await store.get("a", big(1)); // a is used again: b is now the oldest
    await store.get("c", big(3));
    expect(store.size).toBe(2);
    let rebuilt = 0;
    await store.get("a", () => (rebuilt++, big(1)()));
    await store.get("b", () => (rebuilt++, big(2)()));
    expect(rebuilt).toBe(1);
  });
});
