/**
 * Text as a learner wrote it (an essay answer), cut into runs of lines to show: prose, which may wrap
 * to the width of the screen, and lines set out with spaces (a text table, indented code), which
 * must not wrap or their columns stop lining up. Blank lines belong to prose, so that a run set out
 * with spaces never ends in one (a block's last line break would not show).
 */
export interface WrittenRun {
  /** Lines set out with spaces: shown unwrapped, scrolling sideways when wider than the screen. */
  laidOut: boolean;
  lines: string[];
}

/** A line set out with spaces: indented, or with a tab or three spaces or more between its words. */
export const isLaidOutLine = (line: string) => /^[ \t]+\S/.test(line) || /\S(\t| {3,})\S/.test(line);

/** The runs of a text; joined with line breaks, their lines give the text back unchanged. */
export function writtenRuns(text: string): WrittenRun[] {
  const runs: WrittenRun[] = [];
  for (const line of text.replace(/\r\n?/g, "\n").split("\n")) {
    const last = runs.at(-1);
    const laidOut = isLaidOutLine(line);
    if (last && last.laidOut === laidOut) last.lines.push(line);
    else if (last && !last.laidOut && line.trim() === "") last.lines.push(line);
    else runs.push({ laidOut, lines: [line] });
  }
  return runs;
}
