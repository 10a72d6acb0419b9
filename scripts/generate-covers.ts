/**
 * Draws the demo content's cover images: one SVG per course and program of content/demo, into
 * public/covers/<key>.svg, which the content files reference as `image: /covers/<key>.svg`. The
 * drawing depends only on the key and the domain, so running it again gives the same files.
 *
 *   npx tsx scripts/generate-covers.ts
 */
import { mkdirSync, readdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { parse } from "yaml";

const W = 640;
const H = 280;

interface Palette {
  from: string;
  to: string;
  ink: string;
  accent: string;
}

const palettes: Record<string, Palette> = {
  Mechanical: { from: "#1e3a5f", to: "#0f766e", ink: "#e2f3f1", accent: "#fbbf24" },
  Embedded: { from: "#1f2937", to: "#166534", ink: "#dcfce7", accent: "#34d399" },
  Electrical: { from: "#312e81", to: "#9a3412", ink: "#ffedd5", accent: "#facc15" },
  "Computer Science": { from: "#0c4a6e", to: "#4338ca", ink: "#e0f2fe", accent: "#f472b6" },
};
const fallback: Palette = { from: "#334155", to: "#1e40af", ink: "#e2e8f0", accent: "#38bdf8" };

/** A small deterministic random sequence from a text (FNV-1a seed, then a linear congruential step). */
function randomFrom(text: string) {
  let seed = 2166136261;
  for (const ch of text) seed = Math.imul(seed ^ ch.charCodeAt(0), 16777619) >>> 0;
  return () => {
    seed = (Math.imul(seed, 1664525) + 1013904223) >>> 0;
    return seed / 2 ** 32;
  };
}

const r1 = (n: number) => Math.round(n * 10) / 10;

function gear(cx: number, cy: number, radius: number, teeth: number, color: string, opacity: number) {
  const points: string[] = [];
  for (let i = 0; i < teeth * 4; i++) {
    const angle = (Math.PI * 2 * i) / (teeth * 4);
    const r = i % 4 < 2 ? radius : radius * 0.82;
    points.push(`${r1(cx + r * Math.cos(angle))},${r1(cy + r * Math.sin(angle))}`);
  }
  return `<g opacity="${opacity}"><polygon points="${points.join(" ")}" fill="${color}"/><circle cx="${cx}" cy="${cy}" r="${r1(radius * 0.3)}" fill="url(#bg)"/></g>`;
}

function chip(cx: number, cy: number, size: number, color: string) {
  const half = size / 2;
  const pins: string[] = [];
  const count = 6;
  for (let i = 0; i < count; i++) {
    const offset = -half + (size * (i + 0.5)) / count;
    pins.push(
      `<line x1="${r1(cx + offset)}" y1="${r1(cy - half - 16)}" x2="${r1(cx + offset)}" y2="${r1(cy - half)}"/>`,
      `<line x1="${r1(cx + offset)}" y1="${r1(cy + half)}" x2="${r1(cx + offset)}" y2="${r1(cy + half + 16)}"/>`,
      `<line x1="${r1(cx - half - 16)}" y1="${r1(cy + offset)}" x2="${r1(cx - half)}" y2="${r1(cy + offset)}"/>`,
      `<line x1="${r1(cx + half)}" y1="${r1(cy + offset)}" x2="${r1(cx + half + 16)}" y2="${r1(cy + offset)}"/>`,
    );
  }
  return `<g stroke="${color}" stroke-width="4" stroke-linecap="round" fill="none">${pins.join("")}<rect x="${cx - half}" y="${cy - half}" width="${size}" height="${size}" rx="10"/><rect x="${cx - half / 2.5}" y="${cy - half / 2.5}" width="${r1(size / 2.5)}" height="${r1(size / 2.5)}" rx="4" opacity="0.6"/></g>`;
}

function wave(y: number, amplitude: number, period: number, phase: number, color: string, width: number, opacity: number) {
  const points: string[] = [];
  for (let x = 0; x <= W; x += 8) points.push(`${x},${r1(y + amplitude * Math.sin((x / period) * Math.PI * 2 + phase))}`);
  return `<polyline points="${points.join(" ")}" fill="none" stroke="${color}" stroke-width="${width}" opacity="${opacity}" stroke-linejoin="round"/>`;
}

function brackets(cx: number, cy: number, size: number, color: string) {
  const s = size / 2;
  return `<g fill="none" stroke="${color}" stroke-width="10" stroke-linecap="round" stroke-linejoin="round">
    <polyline points="${cx - s * 0.3},${cy - s} ${cx - s},${cy} ${cx - s * 0.3},${cy + s}"/>
    <polyline points="${cx + s * 0.3},${cy - s} ${cx + s},${cy} ${cx + s * 0.3},${cy + s}"/>
    <line x1="${cx + s * 0.15}" y1="${cy - s * 0.8}" x2="${cx - s * 0.15}" y2="${cy + s * 0.8}" opacity="0.7"/></g>`;
}

/** The domain's motif, drawn on the right of the cover. */
function motif(domain: string, p: Palette, random: () => number) {
  const cx = 470 + Math.round(random() * 60);
  const cy = 120 + Math.round(random() * 40);
  if (domain === "Mechanical")
    return gear(cx, cy, 92, 12, p.ink, 0.85) + gear(cx - 130, cy + 95, 56, 9, p.accent, 0.9) + gear(cx + 95, cy - 95, 44, 8, p.ink, 0.45);
  if (domain === "Embedded") return chip(cx, cy, 120, p.ink) + wave(235, 10, 90, random() * 6, p.accent, 3, 0.8);
  if (domain === "Electrical")
    return (
      wave(150, 50, 220, random() * 6, p.ink, 5, 0.85) +
      wave(150, 30, 110, random() * 6, p.accent, 3, 0.8) +
      `<polyline points="${cx},40 ${cx - 40},140 ${cx + 5},140 ${cx - 30},245" fill="none" stroke="${p.accent}" stroke-width="9" stroke-linejoin="round" stroke-linecap="round"/>`
    );
  if (domain === "Computer Science") return brackets(cx, cy, 150, p.ink) + `<circle cx="${cx - 110}" cy="${cy + 90}" r="14" fill="${p.accent}"/>`;
  return `<circle cx="${cx}" cy="${cy}" r="80" fill="none" stroke="${p.ink}" stroke-width="8"/>`;
}

/** A cover: the domain's colours, a dot grid, scattered circles and the domain's motif; a program's cover stacks its courses' motifs. */
export function coverSvg(key: string, domains: string[]): string {
  const random = randomFrom(key);
  const p = palettes[domains[0] ?? ""] ?? fallback;
  const circles = Array.from({ length: 6 }, () => {
    const r = 10 + Math.round(random() * 40);
    return `<circle cx="${Math.round(random() * 360)}" cy="${Math.round(random() * H)}" r="${r}" fill="${p.ink}" opacity="${r1(0.05 + random() * 0.1)}"/>`;
  }).join("");
  const motifs = domains.length > 1 ? domains.map((d, i) => `<g transform="translate(${-i * 150} 0)" opacity="${i ? 0.55 : 1}">${motif(d, palettes[d] ?? p, random)}</g>`).reverse().join("") : motif(domains[0] ?? "", p, random);
  const angle = Math.round(random() * 40) - 20;
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${W} ${H}" width="${W}" height="${H}" role="img" aria-hidden="true">
  <defs>
    <linearGradient id="bg" x1="0" y1="0" x2="1" y2="1" gradientTransform="rotate(${angle} 0.5 0.5)">
      <stop offset="0" stop-color="${p.from}"/>
      <stop offset="1" stop-color="${p.to}"/>
    </linearGradient>
    <pattern id="dots" width="24" height="24" patternUnits="userSpaceOnUse">
      <circle cx="2" cy="2" r="1.6" fill="${p.ink}" opacity="0.18"/>
    </pattern>
  </defs>
  <rect width="${W}" height="${H}" fill="url(#bg)"/>
  <rect width="${W}" height="${H}" fill="url(#dots)"/>
  ${circles}
  ${motifs}
</svg>
`;
}

interface Entry {
  key: string;
  domain?: string;
  courses?: { course: string }[];
}

function main() {
  const root = path.resolve(import.meta.dirname, "..");
  const demo = path.join(root, "content/demo");
  const out = path.join(root, "public/covers");
  mkdirSync(out, { recursive: true });
  const courseDomains = new Map<string, string>();
  for (const file of readdirSync(path.join(demo, "courses")).filter((f) => f.endsWith(".yaml")).sort()) {
    const course = parse(readFileSync(path.join(demo, "courses", file), "utf8")) as Entry;
    courseDomains.set(course.key, course.domain ?? "");
    writeFileSync(path.join(out, `${course.key}.svg`), coverSvg(course.key, [course.domain ?? ""]));
  }
  const programs = parse(readFileSync(path.join(demo, "programs.yaml"), "utf8")) as Entry[];
  for (const program of programs) {
    const domains = [...new Set([program.domain ?? "", ...(program.courses ?? []).map((c) => courseDomains.get(c.course) ?? "")])].filter(Boolean).slice(0, 3);
    writeFileSync(path.join(out, `${program.key}.svg`), coverSvg(program.key, domains));
  }
  console.log(`Covers written to ${path.relative(root, out)}: ${courseDomains.size} courses, ${programs.length} programs.`);
}

main();
