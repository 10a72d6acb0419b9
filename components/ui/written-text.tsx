import { Fragment } from "react";
import { writtenRuns } from "@/lib/written-text";

/**
 * Text shown exactly as it was written: every line break and space kept, in a monospaced font so
 * that columns set out with spaces line up (the essay box is monospaced too, so the learner sees
 * while writing what the grader sees). Prose wraps; lines set out with spaces keep their width and
 * scroll sideways on a narrow screen. The line breaks stay characters of the text, so copying it
 * gives back what was written.
 */
export function WrittenText({ text, className = "", testId }: { text: string; className?: string; testId?: string }) {
  return (
    <div data-testid={testId} className={`whitespace-pre-wrap font-mono text-sm leading-relaxed [overflow-wrap:anywhere] ${className}`}>
      {writtenRuns(text).map((run, i) => (
        <Fragment key={i}>
          {i > 0 && "\n"}
          {run.laidOut ? (
            // Inline, so no line break is added around it; focusable, so a keyboard can scroll it sideways.
            <span tabIndex={0} data-laid-out="true" className="inline-block max-w-full overflow-x-auto align-top whitespace-pre focus-visible:outline-2 focus-visible:outline-brand-500">
              {run.lines.join("\n")}
            </span>
          ) : (
            run.lines.join("\n")
          )}
        </Fragment>
      ))}
    </div>
  );
}
