import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

/**
 * Icons are SVG (lucide-react), never characters: an emoji is an empty box on a machine without an
 * emoji font, and a symbol glyph has no accessible name. Content (a chapter's `emoji` in the course
 * data) is not code and is not scanned.
 */
const ROOT = path.resolve(import.meta.dirname, "../..");
const SCANNED = ["app", "components", "hooks"];
// Emoji, and the symbol glyphs that were used as icons (menu, close, check, sun, moon, pencil).
const ICON_GLYPH = /\p{Extended_Pictographic}|[\u2630\u2715\u2713\u2714\u2717\u2718\u263E\u263D\u2600\u270E\u270F]/gu;

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(full);
    return /\.(ts|tsx)$/.test(entry.name) ? [full] : [];
  });
}

/** Each icon-like character of `text`, with its line. */
export function iconGlyphs(text: string): { line: number; glyph: string }[] {
  return text.split("\n").flatMap((content, i) => [...content.matchAll(ICON_GLYPH)].map((m) => ({ line: i + 1, glyph: m[0] })));
}

describe("icons are SVG, not emoji or symbol characters", () => {
  it("finds the characters it is meant to refuse, and lets typography through", () => {
    expect(iconGlyphs('<button>👍 {count}</button>\n<span>{done ? "✓" : "▶"}</span>').map((g) => g.glyph)).toEqual(["👍", "✓", "▶"]);
    expect(iconGlyphs("🔒 ☰ ✕ ☾ ☀ 📘 ✎ ☑").length).toBe(8);
    expect(iconGlyphs("Keys: space play/pause · ← → 5 s — “quoted” …")).toEqual([]);
  });

  it("no component, page or hook uses one", () => {
    const found = SCANNED.flatMap((dir) => sourceFiles(path.join(ROOT, dir))).flatMap((file) =>
      iconGlyphs(readFileSync(file, "utf8")).map(({ line, glyph }) => `${path.relative(ROOT, file)}:${line} ${glyph}`),
    );
    expect(found, "use an icon from lucide-react with an accessible name instead").toEqual([]);
  });
});
