// WebVTT checking (https://www.w3.org/TR/webvtt1/): enough to be sure a browser's <track> will show
// every cue of a file the studio accepts, and to say which line is wrong when it would not.

export interface VttCue {
  start: number;
  end: number;
  text: string;
}

export type VttCheck = { ok: true; cues: VttCue[] } | { ok: false; line: number; message: string };

const TIMESTAMP = /^(?:(\d{2,}):)?([0-5]\d):([0-5]\d)\.(\d{3})$/;

/** Seconds of a WebVTT timestamp ("01:02.500" or "1:01:02.500"), or null when it is not one. */
export function parseVttTimestamp(text: string): number | null {
  const m = TIMESTAMP.exec(text);
  if (!m) return null;
  return Number(m[1] ?? 0) * 3600 + Number(m[2]) * 60 + Number(m[3]) + Number(m[4]) / 1000;
}

/**
 * Checks a WebVTT file: the WEBVTT signature on the first line, then blocks separated by blank lines
 * (NOTE, STYLE and REGION blocks, and cues with an optional identifier, a timing line
 * "start --> end [settings]" whose end comes after its start, and text). Lines count from 1.
 */
export function checkWebVtt(source: string): VttCheck {
  const text = source.replace(/^\uFEFF/, "");
  if (text.includes("\u0000")) return { ok: false, line: 1, message: "The file holds a NUL character: it is not a text file." };
  const lines = text.split(/\r\n|\r|\n/);
  if (!/^WEBVTT(?:[ \t].*)?$/.test(lines[0] ?? "")) {
    return { ok: false, line: 1, message: 'Line 1 must start with "WEBVTT" (a WebVTT file\'s signature).' };
  }
  const cues: VttCue[] = [];
  let i = 1;
  // The header may go on until the first blank line.
  while (i < lines.length && lines[i]!.trim() !== "") {
    if (lines[i]!.includes("-->")) return { ok: false, line: i + 1, message: `Line ${i + 1}: a blank line must separate the WEBVTT header from the first cue.` };
    i++;
  }
  while (i < lines.length) {
    if (lines[i]!.trim() === "") {
      i++;
      continue;
    }
    const blockStart = i;
    const block: string[] = [];
    while (i < lines.length && lines[i]!.trim() !== "") block.push(lines[i++]!);
    const first = block[0]!;
    if (/^(NOTE|STYLE|REGION)(?:[ \t]|$)/.test(first)) continue;
    const timingAt = first.includes("-->") ? 0 : 1;
    const timing = block[timingAt];
    const lineNo = blockStart + timingAt + 1;
    if (timing === undefined || !timing.includes("-->")) {
      return { ok: false, line: blockStart + 1, message: `Line ${blockStart + 1}: expected a cue timing line such as "00:00:01.000 --> 00:00:04.000" after "${first.slice(0, 40)}".` };
    }
    const m = /^(\S+)[ \t]+-->[ \t]+(\S+)(?:[ \t]+.*)?$/.exec(timing.trim());
    const start = m ? parseVttTimestamp(m[1]!) : null;
    const end = m ? parseVttTimestamp(m[2]!) : null;
    if (start === null || end === null) {
      return { ok: false, line: lineNo, message: `Line ${lineNo}: "${timing.slice(0, 60)}" is not a cue timing line (expected "hh:mm:ss.ttt --> hh:mm:ss.ttt", e.g. "00:01.000 --> 00:04.000").` };
    }
    if (end <= start) return { ok: false, line: lineNo, message: `Line ${lineNo}: the cue ends (${m![2]}) before or when it starts (${m![1]}).` };
    const body = block.slice(timingAt + 1);
    const stray = body.findIndex((l) => l.includes("-->"));
    if (stray >= 0) return { ok: false, line: lineNo + 1 + stray, message: `Line ${lineNo + 1 + stray}: a cue's text may not contain "-->"; is a blank line missing before this cue?` };
    cues.push({ start, end, text: body.join("\n") });
  }
  return { ok: true, cues };
}
