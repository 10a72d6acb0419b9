/**
 * Draws the demo courses' uploaded lesson clips, so that every demo course has a lesson that plays
 * without internet: short slide lessons drawn with ffmpeg's filters (titles, bullet points that
 * appear one by one, block diagrams, code), with WebVTT captions that follow the slides and a silent
 * sound track. Each clip is written to storage/demo/<name>.mp4 with its captions beside it
 * (<name>.vtt), and the clip's duration, as ffprobe reads it from the file, is written into the
 * course file's `durationSeconds` for the video whose `source` names the clip, so that what the
 * course tree shows is the file's own length.
 *
 *   npx tsx scripts/generate-demo-clips.ts
 *
 * Needs ffmpeg and ffprobe (Debian: apt-get install -y ffmpeg) and the DejaVu fonts (fonts-dejavu-core,
 * installed with ffmpeg). Running it again gives the same pictures and captions.
 */
import { execFileSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { parse } from "yaml";

const WIDTH = 640;
const HEIGHT = 360;
const FPS = 12;
const STORAGE = path.resolve("storage");
const COURSES = path.resolve("content/demo/courses");

interface Cue {
  /** Seconds from the start of the slide. */
  from: number;
  to: number;
  text: string;
}

/** Something drawn on a slide: from `at` seconds into the slide to its end. */
type Mark =
  | { kind: "text"; text: string; x: number | "center"; y: number; size: number; color: string; font?: "bold" | "mono"; at?: number }
  | { kind: "box"; x: number; y: number; w: number; h: number; color: string; at?: number };

interface Slide {
  seconds: number;
  title: string;
  marks: Mark[];
  captions: Cue[];
}

interface Clip {
  /** The clip's file under storage/, as the course file's `source` names it. */
  source: string;
  /** The course file under content/demo/courses. */
  courseFile: string;
  courseName: string;
  accent: string;
  slides: Slide[];
}

const INK = "#0f172a";
const MUTED = "#475569";
const PAPER = "#f8fafc";

const text = (t: string, x: number | "center", y: number, size: number, color = INK, more: Partial<Extract<Mark, { kind: "text" }>> = {}): Mark => ({ kind: "text", text: t, x, y, size, color, ...more });
const box = (x: number, y: number, w: number, h: number, color: string, at?: number): Mark => ({ kind: "box", x, y, w, h, color, at });

/** Bullet points under a slide's title, each shown from its own moment. */
const bullets = (items: { text: string; at: number }[], top = 118): Mark[] =>
  items.flatMap((item, i) => [box(48, top + i * 44 + 7, 8, 8, MUTED, item.at), text(item.text, 68, top + i * 44, 21, INK, { at: item.at })]);

/** A labelled block of a diagram. */
const block = (x: number, y: number, w: number, h: number, label: string, fill: string, at?: number, ink = "#ffffff"): Mark[] => [
  box(x, y, w, h, fill, at),
  // Centred by hand: about 0.6 of the font size per character in DejaVu Sans Bold at 17 px.
  text(label, x + Math.max(6, (w - label.length * 10.2) / 2), y + (h - 17) / 2, 17, ink, { font: "bold", at }),
];

/** A horizontal arrow between two blocks. */
const arrow = (x: number, y: number, length: number, color: string, at?: number): Mark[] => [box(x, y - 2, length - 10, 4, color, at), text("▶", x + length - 14, y - 9, 16, color, { at })];

const CLIPS: Clip[] = [
  {
    source: "demo/intro.mp4",
    courseFile: "cad-solidworks.yaml",
    courseName: "CAD Fundamentals with SolidWorks",
    accent: "#0f766e",
    slides: [
      {
        seconds: 5,
        title: "Course introduction",
        marks: [text("From a sketch to a drawing", 32, 150, 30, INK, { font: "bold" }), text("Parametric 3D modelling, the way design teams use it", 32, 200, 19, MUTED)],
        captions: [{ from: 0, to: 5, text: "Welcome to CAD Fundamentals with SolidWorks." }],
      },
      {
        seconds: 7,
        title: "How the chapters fit together",
        marks: [
          ...block(24, 160, 120, 56, "Sketch", "#0f766e"),
          ...arrow(146, 188, 40, MUTED, 1),
          ...block(188, 160, 120, 56, "Feature", "#0e7490", 1),
          ...arrow(310, 188, 40, MUTED, 2.5),
          ...block(352, 160, 110, 56, "Part", "#1d4ed8", 2.5),
          ...arrow(464, 188, 40, MUTED, 4),
          ...block(506, 160, 112, 56, "Drawing", "#7c3aed", 4),
          text("Every feature records design intent", 24, 260, 19, MUTED, { at: 5 }),
        ],
        captions: [
          { from: 0, to: 3.5, text: "Every part starts as a sketch and grows feature by feature." },
          { from: 3.5, to: 7, text: "It ends as a drawing that is ready for the shop floor." },
        ],
      },
      {
        seconds: 7,
        title: "What you will build",
        marks: bullets([
          { text: "Fully defined sketches with relations", at: 0.5 },
          { text: "Parts from extrudes, revolves and lofts", at: 2.5 },
          { text: "A 2D drawing with views and a title block", at: 4.5 },
        ]),
        captions: [
          { from: 0, to: 2.5, text: "You will draw fully defined sketches," },
          { from: 2.5, to: 4.5, text: "build parts from extrudes, revolves and lofts," },
          { from: 4.5, to: 7, text: "and prepare a drawing with views and a title block." },
        ],
      },
      {
        seconds: 3,
        title: "Up next",
        marks: [text("A Tour of the SolidWorks Interface", 32, 160, 26, INK, { font: "bold" })],
        captions: [{ from: 0, to: 3, text: "Next, a tour of the SolidWorks interface." }],
      },
    ],
  },
  {
    source: "demo/embedded-c-welcome.mp4",
    courseFile: "embedded-c.yaml",
    courseName: "Embedded C on Microcontrollers",
    accent: "#166534",
    slides: [
      {
        seconds: 5,
        title: "Welcome",
        marks: [text("From C to silicon", 32, 150, 30, INK, { font: "bold" }), text("Firmware that talks to the hardware directly", 32, 200, 19, MUTED)],
        captions: [{ from: 0, to: 5, text: "Welcome to Embedded C on Microcontrollers." }],
      },
      {
        seconds: 8,
        title: "Inside a microcontroller",
        marks: [
          ...block(40, 140, 130, 110, "CPU", "#166534"),
          box(170, 191, 70, 8, MUTED, 1),
          box(236, 116, 8, 158, MUTED, 1),
          ...block(272, 104, 150, 40, "Flash", "#0e7490", 1.5),
          ...block(272, 154, 150, 40, "RAM", "#1d4ed8", 2.5),
          ...block(272, 204, 150, 40, "GPIO", "#b45309", 3.5),
          ...block(272, 254, 150, 40, "Timers", "#7c3aed", 4.5),
          ...[104, 154, 204, 254].map((y, i) => box(244, y + 16, 28, 8, MUTED, 1.5 + i)),
          text("One bus, every peripheral", 446, 170, 17, MUTED, { at: 5.5 }),
          text("at an address", 446, 194, 17, MUTED, { at: 5.5 }),
        ],
        captions: [
          { from: 0, to: 4, text: "The CPU reaches flash, RAM and every peripheral over one bus." },
          { from: 4, to: 8, text: "Each peripheral is a set of registers at a fixed address." },
        ],
      },
      {
        seconds: 7,
        title: "A register is memory",
        marks: [
          box(32, 120, 576, 70, "#0f172a"),
          text("GPIOA->ODR |= (1u << 5);", 52, 142, 24, "#86efac", { font: "mono" }),
          ...arrow(300, 232, 60, MUTED, 2),
          ...block(372, 208, 200, 48, "Pin PA5: LED on", "#b45309", 2),
          text("Set one bit, and a pin changes state", 32, 280, 19, MUTED, { at: 4 }),
        ],
        captions: [
          { from: 0, to: 3.5, text: "Writing to a register is writing to memory." },
          { from: 3.5, to: 7, text: "Set bit five of the output register and the LED lights up." },
        ],
      },
    ],
  },
  {
    source: "demo/power-electronics-welcome.mp4",
    courseFile: "power-electronics.yaml",
    courseName: "Power Electronics Essentials",
    accent: "#9a3412",
    slides: [
      {
        seconds: 5,
        title: "Welcome",
        marks: [text("Why switch?", 32, 150, 30, INK, { font: "bold" }), text("Converting power without turning it into heat", 32, 200, 19, MUTED)],
        captions: [{ from: 0, to: 5, text: "Welcome to Power Electronics Essentials." }],
      },
      {
        seconds: 8,
        title: "A buck converter, block by block",
        marks: [
          ...block(24, 160, 96, 56, "12 V", "#475569"),
          ...arrow(122, 188, 40, MUTED, 1),
          ...block(164, 160, 110, 56, "Switch", "#9a3412", 1),
          ...arrow(276, 188, 40, MUTED, 2.5),
          ...block(318, 160, 96, 56, "L + C", "#b45309", 2.5),
          ...arrow(416, 188, 40, MUTED, 4),
          ...block(458, 160, 150, 56, "5 V load", "#1d4ed8", 4),
          text("The switch chops, the inductor and capacitor smooth", 24, 262, 18, MUTED, { at: 5 }),
        ],
        captions: [
          { from: 0, to: 4, text: "A buck converter switches the input on and off very fast." },
          { from: 4, to: 8, text: "An inductor and a capacitor smooth the pulses into a steady lower voltage." },
        ],
      },
      {
        seconds: 7,
        title: "Efficiency: 12 V to 5 V at 2 A",
        marks: [
          text("Linear regulator", 32, 128, 19, INK, { at: 0.5 }),
          box(220, 124, 168, 30, "#94a3b8", 0.5),
          text("42 %", 400, 128, 19, INK, { font: "bold", at: 0.5 }),
          text("Buck converter", 32, 188, 19, INK, { at: 2.5 }),
          box(220, 184, 368, 30, "#9a3412", 2.5),
          text("92 %", 520, 188, 19, "#ffffff", { font: "bold", at: 2.5 }),
          text("Linear: 7 W of heat. Buck: under 1 W.", 32, 260, 19, MUTED, { at: 4.5 }),
        ],
        captions: [
          { from: 0, to: 2.5, text: "A linear regulator burns the difference as heat." },
          { from: 2.5, to: 7, text: "A buck converter delivers the same power at over ninety percent efficiency." },
        ],
      },
    ],
  },
  {
    source: "demo/python-for-engineers-welcome.mp4",
    courseFile: "python-for-engineers.yaml",
    courseName: "Python for Engineers",
    accent: "#4338ca",
    slides: [
      {
        seconds: 5,
        title: "Welcome",
        marks: [text("Python as an engineering tool", 32, 150, 30, INK, { font: "bold" }), text("Calculations, test data and plots you can trust", 32, 200, 19, MUTED)],
        captions: [{ from: 0, to: 5, text: "Welcome to Python for Engineers." }],
      },
      {
        seconds: 8,
        title: "Four lines of NumPy",
        marks: [
          box(32, 100, 576, 150, "#0f172a"),
          text("import numpy as np", 52, 116, 20, "#a5b4fc", { font: "mono" }),
          text("volts = np.array([4.98, 5.01, 5.03])", 52, 146, 20, "#e2e8f0", { font: "mono", at: 1.5 }),
          text("print(volts.mean())", 52, 176, 20, "#e2e8f0", { font: "mono", at: 3 }),
          text("# 5.0066...", 52, 206, 20, "#86efac", { font: "mono", at: 4.5 }),
          text("One line per idea, no loop to write", 32, 276, 19, MUTED, { at: 5.5 }),
        ],
        captions: [
          { from: 0, to: 3, text: "Load your measurements into a NumPy array," },
          { from: 3, to: 8, text: "and one call gives you their mean, with no loop to write." },
        ],
      },
      {
        seconds: 7,
        title: "Then plot it",
        marks: [
          box(64, 100, 4, 180, MUTED),
          box(64, 276, 520, 4, MUTED),
          ...[110, 140, 86, 160, 130, 172].map((h, i) => box(96 + i * 80, 276 - h, 48, h, "#4338ca", 0.5 + i * 0.6)),
          text("Test runs", 280, 290, 16, MUTED),
        ],
        captions: [
          { from: 0, to: 4, text: "Matplotlib turns the same data into a clear chart." },
          { from: 4, to: 7, text: "Change the data, run it again, and the figure follows." },
        ],
      },
    ],
  },
];

function need(tool: string) {
  try {
    execFileSync(tool, ["-version"], { stdio: "ignore" });
  } catch {
    throw new Error(`${tool} was not found: install it (Debian: apt-get install -y ffmpeg)`);
  }
}

function font(pattern: string): string {
  try {
    const file = execFileSync("fc-match", ["-f", "%{file}", pattern]).toString().trim();
    if (file) return file;
  } catch {
    // reported below
  }
  throw new Error(`no font matches "${pattern}": install the DejaVu fonts (Debian: apt-get install -y fonts-dejavu-core)`);
}

const seconds = (s: number) => s.toFixed(2);

/** ffmpeg's filter graph for one clip: the slides one after another on a plain background. */
function filterGraph(clip: Clip, fonts: Record<"regular" | "bold" | "mono", string>, textFile: (t: string) => string): string {
  const filters: string[] = [];
  const draw = (mark: Mark, from: number, to: number) => {
    const enable = `enable='between(t,${seconds(from)},${seconds(to - 0.001)})'`;
    if (mark.kind === "box") {
      filters.push(`drawbox=x=${mark.x}:y=${mark.y}:w=${mark.w}:h=${mark.h}:color=${mark.color}:t=fill:${enable}`);
    } else {
      const x = mark.x === "center" ? "(w-text_w)/2" : String(mark.x);
      filters.push(`drawtext=fontfile=${fonts[mark.font ?? "regular"]}:textfile=${textFile(mark.text)}:fontsize=${mark.size}:fontcolor=${mark.color}:x=${x}:y=${mark.y}:expansion=none:${enable}`);
    }
  };
  let start = 0;
  for (const [i, slide] of clip.slides.entries()) {
    const end = start + slide.seconds;
    draw(box(0, 0, WIDTH, 44, clip.accent), start, end);
    draw(text(clip.courseName, 24, 13, 17, "#ffffff", { font: "bold" }), start, end);
    draw(text(`${i + 1} / ${clip.slides.length}`, 580, 14, 15, "#ffffff"), start, end);
    draw(text(slide.title, 32, 62, 26, INK, { font: "bold" }), start, end);
    for (const mark of slide.marks) draw(mark, start + (mark.at ?? 0), end);
    start = end;
  }
  return filters.join(",");
}

const timestamp = (s: number) => {
  const ms = Math.round(s * 1000);
  const pad = (n: number, w = 2) => String(n).padStart(w, "0");
  return `${pad(Math.floor(ms / 3_600_000))}:${pad(Math.floor(ms / 60_000) % 60)}:${pad(Math.floor(ms / 1000) % 60)}.${pad(ms % 1000, 3)}`;
};

function captions(clip: Clip): string {
  const lines = ["WEBVTT", ""];
  let start = 0;
  for (const slide of clip.slides) {
    for (const cue of slide.captions) lines.push(`${timestamp(start + cue.from)} --> ${timestamp(start + cue.to)}`, cue.text, "");
    start += slide.seconds;
  }
  return lines.join("\n");
}

/** The file's duration as ffprobe reads it (the container's), in seconds. */
function probeDuration(file: string): number {
  const out = execFileSync("ffprobe", ["-v", "error", "-show_entries", "format=duration", "-of", "default=noprint_wrappers=1:nokey=1", file]).toString().trim();
  const value = Number(out);
  if (!Number.isFinite(value) || value <= 0) throw new Error(`ffprobe found no duration in ${file}: "${out}"`);
  return value;
}

/** Every video of a parsed course file. */
function videosOf(node: unknown): { source?: unknown; durationSeconds?: unknown }[] {
  if (Array.isArray(node)) return node.flatMap(videosOf);
  if (!node || typeof node !== "object") return [];
  const record = node as Record<string, unknown>;
  return [...(record.video && typeof record.video === "object" ? [record.video as { source?: unknown }] : []), ...Object.values(record).flatMap(videosOf)];
}

/**
 * Writes `durationSeconds` of the video whose `source` is the clip, in place, so that the rest of
 * the course file (its comments, its folded text) stays as written.
 */
function writeDuration(courseFile: string, source: string, durationSeconds: number) {
  const file = path.join(COURSES, courseFile);
  const lines = readFileSync(file, "utf8").split("\n");
  const at = lines.findIndex((line) => line.trim() === `source: ${source}`);
  if (at < 0) throw new Error(`${courseFile} has no video with "source: ${source}": add the video (provider: uploadedVideo) first`);
  const indent = lines[at]!.length - lines[at]!.trimStart().length;
  // The video's other keys: the lines around the source at the same indentation.
  let first = at;
  while (first > 0 && lines[first - 1]!.length - lines[first - 1]!.trimStart().length >= indent && !lines[first - 1]!.trimStart().startsWith("- ")) first -= 1;
  let last = at;
  while (last + 1 < lines.length && (lines[last + 1]!.trim() === "" || lines[last + 1]!.length - lines[last + 1]!.trimStart().length >= indent)) last += 1;
  const key = lines.slice(first, last + 1).findIndex((line) => line.length - line.trimStart().length === indent && /^durationSeconds:/.test(line.trimStart()));
  if (key < 0) throw new Error(`the video with "source: ${source}" in ${courseFile} has no durationSeconds`);
  lines[first + key] = `${" ".repeat(indent)}durationSeconds: ${durationSeconds}`;
  const updated = lines.join("\n");
  // The file must still say what was meant.
  const written = videosOf(parse(updated)).find((v) => v.source === source);
  if (written?.durationSeconds !== durationSeconds) throw new Error(`could not write durationSeconds of ${source} into ${courseFile}`);
  writeFileSync(file, updated);
}

function main() {
  need("ffmpeg");
  need("ffprobe");
  const fonts = { regular: font("DejaVu Sans"), bold: font("DejaVu Sans:bold"), mono: font("DejaVu Sans Mono") };
  const work = mkdtempSync(path.join(os.tmpdir(), "demo-clips-"));
  try {
    for (const clip of CLIPS) {
      let n = 0;
      const textFile = (t: string) => {
        const file = path.join(work, `${path.basename(clip.source, ".mp4")}-${(n += 1)}.txt`);
        writeFileSync(file, t);
        return file;
      };
      const total = clip.slides.reduce((sum, s) => sum + s.seconds, 0);
      const output = path.join(STORAGE, clip.source);
      const graph = path.join(work, `${path.basename(clip.source, ".mp4")}.filters`);
      writeFileSync(graph, `[0:v]${filterGraph(clip, fonts, textFile)}[v]`);
      execFileSync(
        "ffmpeg",
        [
          ...["-hide_banner", "-loglevel", "error", "-y"],
          ...["-f", "lavfi", "-i", `color=c=${PAPER}:s=${WIDTH}x${HEIGHT}:r=${FPS}:d=${total}`],
          ...["-f", "lavfi", "-i", `anullsrc=r=22050:cl=mono`],
          ...["-filter_complex_script", graph, "-map", "[v]", "-map", "1:a"],
          ...["-t", String(total)],
          // Still slides: a long keyframe interval and a modest quality keep a clip small.
          ...["-c:v", "libx264", "-preset", "veryslow", "-tune", "stillimage", "-crf", "30", "-pix_fmt", "yuv420p", "-g", String(FPS * 5)],
          ...["-c:a", "aac", "-b:a", "24k"],
          ...["-map_metadata", "-1", "-fflags", "+bitexact", "-flags:v", "+bitexact", "-flags:a", "+bitexact", "-movflags", "+faststart"],
          output,
        ],
        { stdio: "inherit" },
      );
      writeFileSync(output.replace(/\.mp4$/, ".vtt"), captions(clip));
      const duration = Math.round(probeDuration(output));
      writeDuration(clip.courseFile, clip.source, duration);
      const size = readFileSync(output).length;
      console.log(`${clip.source}: ${duration} s, ${Math.round(size / 1024)} KB, captions ${clip.source.replace(/\.mp4$/, ".vtt")}`);
    }
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
}

main();
