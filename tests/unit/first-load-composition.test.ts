import { describe, expect, it } from "vitest";
import { chunkParts, partOf, sourceLocator } from "@/bench/first-load-composition";
import { scriptUrls } from "@/bench/first-load-js";

describe("first-load composition", () => {
  it("names packages, Next's compiled parts and the app's folders", () => {
    expect(partOf("turbopack:///[project]/node_modules/zod/v4/classic/schemas.js")).toBe("zod");
    expect(partOf("turbopack:///[project]/node_modules/@tanstack/query-core/build/modern/query.js")).toBe("@tanstack/query-core");
    expect(partOf("turbopack:///[project]/node_modules/next/dist/compiled/react-dom/cjs/react-dom-client.production.js")).toBe("next (react-dom)");
    expect(partOf("turbopack:///[project]/components/learning/video-panel.tsx")).toBe("components/learning");
    expect(partOf("turbopack:///[project]/lib/contract/calls/learning.ts")).toBe("lib/contract");
    expect(partOf(null)).toBe("(chunk runtime)");
  });

  it("shares a minified file's bytes between the sources its map points to, sections included", () => {
    // Line 0: "aaaa" from source 0 at column 0, "bbbbbb" from source 1 at column 4 ("AAAA", then "ICAA": column +4, source +1).
    const code = "aaaabbbbbb\nxyz";
    const map = { sections: [{ offset: { line: 0, column: 0 }, map: { sources: ["node_modules/zod/a.js", "components/ui/b.tsx"], mappings: "AAAA,ICAA" } }] };
    const parts = chunkParts(code, map);
    expect(parts.get("zod")).toBe(4);
    expect(parts.get("components/ui")).toBe(7); // to the end of the line, its newline included
    expect(parts.get("(chunk runtime)")).toBe(4); // line 1 has no mapping
  });

  it("finds the source of a position in the minified file, as the CPU profile's frames give it", () => {
    const locate = sourceLocator({ sections: [{ offset: { line: 0, column: 0 }, map: { sources: ["node_modules/zod/a.js", "components/ui/b.tsx"], mappings: "AAAA,ICAA" } }] });
    expect(locate(0, 2)).toBe("node_modules/zod/a.js");
    expect(locate(0, 4)).toBe("components/ui/b.tsx");
    expect(locate(0, 9)).toBe("components/ui/b.tsx");
    expect(locate(1, 0)).toBeNull();
  });

  it("leaves out the nomodule polyfills current browsers skip", () => {
    const html = `<script src="/_next/static/chunks/a.js" async=""></script><script src="/_next/static/chunks/poly.js" noModule=""></script><link rel="preload" as="script" href="/_next/static/chunks/b.js"/>`;
    expect(scriptUrls(html)).toEqual(["/_next/static/chunks/a.js", "/_next/static/chunks/b.js"]);
  });
});
