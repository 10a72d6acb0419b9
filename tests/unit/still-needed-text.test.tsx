// @vitest-environment jsdom
import { cleanup, render, screen } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import { useStillNeededText } from "@/components/i18n/use-still-needed-text";
import type { StillNeededItem } from "@/lib/contract/entities/shared";
import { stillNeededMessage } from "@/lib/server/domain/completion";
import type { Locale } from "@/lib/i18n/languages";
import { inLanguage } from "../support/intl";

afterEach(cleanup);

function Needed({ items }: { items: StillNeededItem[] }) {
  const text = useStillNeededText();
  return (
    <ul>
      {items.map((i) => (
        <li key={i.id}>{text(i)}</li>
      ))}
    </ul>
  );
}

const item = (reason: StillNeededItem["reason"], figures: Partial<StillNeededItem> = {}): Omit<StillNeededItem, "message"> => ({
  kind: reason === "watch" ? "video" : reason === "play" ? "scorm" : reason === "pass" || reason === "complete" ? "mcqBlock" : "essayBlock",
  id: `${reason}-${JSON.stringify(figures)}`,
  title: "Sketching Check",
  reason,
  passMark: null,
  scorePercent: null,
  attemptsRemaining: null,
  ...figures,
});

/** Every reason, with and without the figures that change its sentence. */
const CASES = [
  item("watch"),
  item("play"),
  item("play", { passMark: 80 }),
  item("play", { passMark: 80, scorePercent: 40 }),
  item("complete"),
  item("submit"),
  item("submit", { passMark: 50 }),
  item("awaitGrading", { passMark: 50 }),
  item("gradedBelow", { passMark: 50, scorePercent: 35 }),
  item("pass", { passMark: 60 }),
  item("pass", { passMark: 60, scorePercent: 40, attemptsRemaining: 1 }),
  item("pass", { passMark: 60, scorePercent: 40, attemptsRemaining: 2 }),
  item("pass", { passMark: 60, scorePercent: 40, attemptsRemaining: 0 }),
].map((i) => ({ ...i, message: stillNeededMessage(i) }));

const shown = (locale: Locale) => {
  render(inLanguage(<Needed items={CASES} />, locale));
  return screen.getAllByRole("listitem").map((li) => li.textContent);
};

describe("what a course still needs, in the page's language", () => {
  it("reads in English exactly as the API's sentence for every reason and figure", () => {
    expect(shown("en")).toEqual(CASES.map((c) => c.message));
  });

  it("reads in Hindi, Tamil and Telugu with the title and figures, and no English sentence", () => {
    for (const locale of ["hi", "ta", "te"] as const) {
      const texts = shown(locale);
      cleanup();
      texts.forEach((text, n) => {
        expect(text).toContain("“Sketching Check”");
        expect(text).not.toBe(CASES[n]!.message);
        if (CASES[n]!.passMark !== null) expect(text).toContain(`${CASES[n]!.passMark} %`);
      });
      expect(texts[11]).toMatch(/2/);
    }
  });
});
