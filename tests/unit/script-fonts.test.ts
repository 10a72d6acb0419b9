import { readFileSync } from "node:fs";
import path from "node:path";
import { brotliDecompressSync } from "node:zlib";
import { describe, expect, it } from "vitest";

/*
 * The Indian scripts' fonts are trimmed copies (assets/fonts, made by scripts/trim-fonts.py): weights
 * 400 to 700 and the script's own block only. A character the interface writes that the trimmed font
 * lacks would be drawn as an empty box on a device without the script's font, so every character of
 * each language's messages in the script's block must be in its font and its @font-face rule's
 * unicode-range, and no Indian letter or sign the messages use may fall outside that range.
 */

const root = path.resolve(__dirname, "../..");

/** The characters a WOFF2 font maps to a glyph (its cmap, format 4 or 12). */
function woff2Characters(file: string): Set<number> {
  const data = readFileSync(file);
  expect(data.toString("latin1", 0, 4), `${file} is a WOFF2 font`).toBe("wOF2");
  const numTables = data.readUInt16BE(12);
  const compressedLength = data.readUInt32BE(20);
  let at = 48;
  const base128 = () => {
    let value = 0;
    for (let i = 0; i < 5; i++) {
      const byte = data[at++]!;
      value = value * 128 + (byte & 0x7f);
      if (!(byte & 0x80)) return value;
    }
    throw new Error("a bad UIntBase128");
  };
  const tables: { tag: number; length: number }[] = [];
  for (let i = 0; i < numTables; i++) {
    const flags = data[at++]!;
    const tag = flags & 0x3f;
    if (tag === 63) at += 4;
    const version = flags >> 6;
    const origLength = base128();
    // glyf and loca are transformed unless their version is 3; hmtx only when it is 1.
    const transformed = tag === 10 || tag === 11 ? version !== 3 : tag === 3 ? version === 1 : false;
    tables.push({ tag, length: transformed ? base128() : origLength });
  }
  const stream = brotliDecompressSync(data.subarray(at, at + compressedLength));
  let offset = 0;
  for (const table of tables) {
    if (table.tag === 0) return cmapCharacters(stream.subarray(offset, offset + table.length));
    offset += table.length;
  }
  throw new Error(`${file} has no cmap`);
}

function cmapCharacters(cmap: Buffer): Set<number> {
  const chars = new Set<number>();
  const count = cmap.readUInt16BE(2);
  for (let i = 0; i < count; i++) {
    const sub = cmap.readUInt32BE(4 + i * 8 + 4);
    const format = cmap.readUInt16BE(sub);
    if (format === 12) {
      const groups = cmap.readUInt32BE(sub + 12);
      for (let g = 0; g < groups; g++) {
        const start = cmap.readUInt32BE(sub + 16 + g * 12);
        const end = cmap.readUInt32BE(sub + 20 + g * 12);
        for (let c = start; c <= end; c++) chars.add(c);
      }
    } else if (format === 4) {
      const segments = cmap.readUInt16BE(sub + 6) / 2;
      const ends = sub + 14;
      const starts = ends + segments * 2 + 2;
      const deltas = starts + segments * 2;
      const ranges = deltas + segments * 2;
      for (let s = 0; s < segments; s++) {
        const end = cmap.readUInt16BE(ends + s * 2);
        const start = cmap.readUInt16BE(starts + s * 2);
        const delta = cmap.readUInt16BE(deltas + s * 2);
        const rangeOffset = cmap.readUInt16BE(ranges + s * 2);
        for (let c = start; c <= end && c !== 0xffff; c++) {
          const glyph = rangeOffset === 0 ? (c + delta) & 0xffff : cmap.readUInt16BE(ranges + s * 2 + rangeOffset + (c - start) * 2);
          if (glyph !== 0) chars.add(c);
        }
      }
    }
  }
  return chars;
}

/** Each @font-face rule of app/globals.css: its file and the characters its unicode-range hands it. */
function fontFaces(): { family: string; file: string; inRange: (c: number) => boolean }[] {
  const css = readFileSync(path.join(root, "app/globals.css"), "utf8");
  return [...css.matchAll(/@font-face\s*{([^}]*)}/g)].map(([, body]) => {
    const family = /font-family:\s*"([^"]+)"/.exec(body!)![1]!;
    const file = path.resolve(root, "app", /src:\s*url\("([^"]+)"\)/.exec(body!)![1]!);
    const ranges = /unicode-range:\s*([^;]+);/
      .exec(body!)![1]!
      .split(",")
      .map((r) => r.trim().replace(/^U\+/i, "").split("-").map((h) => parseInt(h, 16)))
      .map(([from, to]) => [from!, to ?? from!] as const);
    return { family, file, inRange: (c: number) => ranges.some(([from, to]) => c >= from && c <= to) };
  });
}

/** Every character of a message file's text. */
function messageCharacters(locale: string): Set<number> {
  const chars = new Set<number>();
  const walk = (value: unknown): void => {
    if (typeof value === "string") for (const ch of value) chars.add(ch.codePointAt(0)!);
    else if (value && typeof value === "object") Object.values(value).forEach(walk);
  };
  walk(JSON.parse(readFileSync(path.join(root, `messages/${locale}.json`), "utf8")));
  return chars;
}

const SCRIPTS = [
  { locale: "hi", family: "Noto Sans Devanagari Variable", block: [0x0900, 0x097f] },
  { locale: "ta", family: "Noto Sans Tamil Variable", block: [0x0b80, 0x0bff] },
  { locale: "te", family: "Noto Sans Telugu Variable", block: [0x0c00, 0x0c7f] },
] as const;

describe("the Indian scripts' trimmed fonts", () => {
  const faces = fontFaces();

  for (const { locale, family, block } of SCRIPTS) {
    it(`has every character the ${locale} messages write in its script`, () => {
      const face = faces.find((f) => f.family === family);
      expect(face, `an @font-face rule for ${family}`).toBeDefined();
      const font = woff2Characters(face!.file);
      const used = [...messageCharacters(locale)];
      const inScript = used.filter((c) => c >= block[0] && c <= block[1]);
      expect(inScript.length, `the ${locale} messages are written in their script`).toBeGreaterThan(40);
      const missing = inScript.filter((c) => !font.has(c) || !face!.inRange(c));
      expect(missing.map((c) => `U+${c.toString(16).toUpperCase().padStart(4, "0")}`)).toEqual([]);
      // No Indian letter or sign the messages write is left to a system font (Latin, punctuation and
      // arrows are the interface's own font's, as in English).
      const indic = (c: number) => (c >= 0x0900 && c <= 0x0dff) || (c >= 0x1cd0 && c <= 0x1cff) || (c >= 0xa830 && c <= 0xa8ff) || c === 0x25cc;
      const elsewhere = used.filter((c) => indic(c) && !face!.inRange(c));
      expect(elsewhere.map((c) => `U+${c.toString(16).toUpperCase().padStart(4, "0")} ${String.fromCodePoint(c)}`)).toEqual([]);
    });
  }
});
