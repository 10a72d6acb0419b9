import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import { gzipSync } from "node:zlib";

/**
 * What a page's first-load JS is made of: each script the page loads is mapped back to the modules
 * in it through its source map (bench builds have them), and the script's gzip size is shared out
 * between packages (node_modules/<name>) and the app's own folders (components/learning, lib/api,
 * ...) in proportion to the bytes each one takes in the minified file. Bytes no source maps to
 * (the chunk's own wrapper) count as "(chunk runtime)".
 */
export interface CompositionPart {
  part: string;
  gzipBytes: number;
}

const BASE64 = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";
const BASE64_VALUE = new Map([...BASE64].map((c, i) => [c, i]));

/** The numbers of one segment of a source map's `mappings` (base64 VLQ). */
function decodeSegment(segment: string): number[] {
  const values: number[] = [];
  let value = 0;
  let shift = 0;
  for (const c of segment) {
    const digit = BASE64_VALUE.get(c);
    if (digit === undefined) throw new Error(`bad source map character ${c}`);
    value += (digit & 31) << shift;
    if (digit & 32) {
      shift += 5;
      continue;
    }
    values.push(value & 1 ? -(value >>> 1) : value >>> 1);
    value = 0;
    shift = 0;
  }
  return values;
}

export interface RawMap {
  sources?: string[];
  mappings?: string;
  sections?: { offset: { line: number; column: number }; map: RawMap }[];
}

/** Segment starts on each generated line: [column, source path or null]. */
type Starts = Map<number, [number, string | null][]>;

function collect(map: RawMap, lineOffset: number, columnOffset: number, starts: Starts) {
  if (map.sections) {
    for (const { offset, map: inner } of map.sections) collect(inner, lineOffset + offset.line, offset.line === 0 ? columnOffset + offset.column : offset.column, starts);
    return;
  }
  const sources = map.sources ?? [];
  let source = 0;
  (map.mappings ?? "").split(";").forEach((line, index) => {
    let column = 0;
    const generatedLine = lineOffset + index;
    for (const segment of line.split(",")) {
      if (!segment) continue;
      const [dc, ds] = decodeSegment(segment);
      column += dc!;
      const start = (index === 0 ? columnOffset : 0) + column;
      let name: string | null = null;
      if (ds !== undefined) {
        source += ds;
        name = sources[source] ?? null;
      }
      if (!starts.has(generatedLine)) starts.set(generatedLine, []);
      starts.get(generatedLine)!.push([start, name]);
    }
  });
}

/** Finds the source a position of the generated file (0-based line and column) was built from. */
export function sourceLocator(map: RawMap): (line: number, column: number) => string | null {
  const starts: Starts = new Map();
  collect(map, 0, 0, starts);
  for (const segments of starts.values()) segments.sort((a, b) => a[0] - b[0]);
  return (line, column) => {
    const segments = starts.get(line);
    if (!segments?.length) return null;
    let low = 0;
    let high = segments.length - 1;
    if (segments[0]![0] > column) return null;
    while (low < high) {
      const mid = (low + high + 1) >> 1;
      if (segments[mid]![0] <= column) low = mid;
      else high = mid - 1;
    }
    return segments[low]![1];
  };
}

/** The package or app folder a source path belongs to. */
export function partOf(source: string | null): string {
  if (!source) return "(chunk runtime)";
  const clean = decodeURIComponent(source).replace(/^turbopack:\/\/\/?/, "").replace(/^\[project\]\//, "").replace(/^(\.\.\/)+/, "");
  const nm = clean.lastIndexOf("node_modules/");
  if (nm >= 0) {
    const parts = clean.slice(nm + "node_modules/".length).split("/");
    const name = parts[0]!.startsWith("@") ? `${parts[0]}/${parts[1]}` : parts[0]!;
    // Next's own client splits into a few big parts worth telling apart.
    if (name === "next") {
      const inner = parts.slice(1).join("/");
      const compiled = /dist\/compiled\/([^/]+)/.exec(inner)?.[1];
      return compiled ? `next (${compiled})` : "next";
    }
    return name;
  }
  if (clean.startsWith("[turbopack]") || clean.startsWith("[next]")) return "(bundler runtime)";
  const dirs = clean.split("/");
  if (dirs[0] === "lib" && dirs[1] === "contract") return "lib/contract";
  return dirs.length > 2 ? `${dirs[0]}/${dirs[1]}` : dirs.length === 2 ? dirs[0]! : clean;
}

/** The share of each part in one script, in bytes of the minified file. */
export function chunkParts(code: string, map: RawMap): Map<string, number> {
  const starts: Starts = new Map();
  collect(map, 0, 0, starts);
  const bytes = new Map<string, number>();
  const add = (part: string, n: number) => n > 0 && bytes.set(part, (bytes.get(part) ?? 0) + n);
  code.split("\n").forEach((line, index) => {
    const segments = (starts.get(index) ?? []).sort((a, b) => a[0] - b[0]);
    if (!segments.length) return add(partOf(null), line.length + 1);
    add(partOf(null), segments[0]![0]);
    segments.forEach(([start, source], i) => add(partOf(source), (segments[i + 1]?.[0] ?? line.length + 1) - start));
  });
  return bytes;
}

/** The source map comment bench builds add; a production build has none, so it is not measured. */
export const withoutSourceMapComment = (code: Buffer) => Buffer.from(code.toString("utf8").replace(/\n?\/\/# sourceMappingURL=\S+\s*$/, ""));

/** The first-load JS of one page by part, in gzip bytes, largest first. */
export function firstLoadComposition(distDir: string, scripts: { url: string; gzipBytes: number }[]): CompositionPart[] {
  const total = new Map<string, number>();
  for (const script of scripts) {
    const file = path.resolve(distDir, script.url.replace(/^\/_next\//, ""));
    const source = existsSync(file) ? readFileSync(file).toString("utf8") : "";
    const mapName = /\/\/# sourceMappingURL=(\S+)\s*$/.exec(source)?.[1];
    const mapFile = mapName ? path.resolve(path.dirname(file), mapName) : "";
    let parts: Map<string, number>;
    if (mapFile && existsSync(mapFile)) {
      const code = withoutSourceMapComment(Buffer.from(source)).toString("utf8");
      parts = chunkParts(code, JSON.parse(readFileSync(mapFile, "utf8")) as RawMap);
    } else {
      parts = new Map([[`(no source map: ${path.basename(file)})`, 1]]);
    }
    const raw = [...parts.values()].reduce((a, b) => a + b, 0);
    for (const [part, n] of parts) total.set(part, (total.get(part) ?? 0) + (script.gzipBytes * n) / raw);
  }
  return [...total]
    .map(([part, gzipBytes]) => ({ part, gzipBytes: Math.round(gzipBytes) }))
    .sort((a, b) => b.gzipBytes - a.gzipBytes);
}

/** Text lines for the console: each part with its KiB, the small ones summed up. */
export function formatComposition(name: string, parts: CompositionPart[], minBytes = 1024): string {
  const kib = (n: number) => `${(n / 1024).toFixed(1)} KiB`;
  const shown = parts.filter((p) => p.gzipBytes >= minBytes);
  const rest = parts.filter((p) => p.gzipBytes < minBytes);
  const lines = shown.map((p) => `  ${kib(p.gzipBytes).padStart(10)}  ${p.part}`);
  if (rest.length) lines.push(`  ${kib(rest.reduce((a, p) => a + p.gzipBytes, 0)).padStart(10)}  ${rest.length} smaller parts`);
  return [`${name} (${kib(parts.reduce((a, p) => a + p.gzipBytes, 0))} gzip):`, ...lines].join("\n");
}

export const gzipSize = (bytes: Buffer) => gzipSync(bytes, { level: 9 }).length;

// `tsx bench/first-load-composition.ts [results file] [dist dir]` prints the composition again from
// the scripts a bench run recorded (by default the last pages-only run, BENCH_ONLY=pages).
if (import.meta.url === `file://${process.argv[1]}`) {
  const [resultsFile = ".next/bench-pages.json", distDir = ".next/bench"] = process.argv.slice(2);
  const { firstLoadJs } = JSON.parse(readFileSync(resultsFile, "utf8")) as { firstLoadJs: { baseline: FirstLoadPage; pages: FirstLoadPage[] } };
  for (const page of [firstLoadJs.baseline, ...firstLoadJs.pages]) console.log(formatComposition(page.name, firstLoadComposition(distDir, page.scripts)));
}

type FirstLoadPage = { name: string; scripts: { url: string; gzipBytes: number }[] };
