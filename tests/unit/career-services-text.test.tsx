// @vitest-environment jsdom
import { cleanup, render, screen } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import { useServiceText } from "@/components/career-services/career-services-view";
import { careerServiceLock, type CareerServiceLock } from "@/lib/contract/entities/career-services";
import { CAREER_SERVICES, careerLockSentence } from "@/lib/server/services/career-services/get-career-services";
import type { Locale } from "@/lib/i18n/languages";
import { inLanguage } from "../support/intl";

afterEach(cleanup);

/** Two mandatory courses, one of them completed. */
const MANDATORY = [
  { courseId: "a", courseName: "Statics", courseType: "mandatory" as const, order: 1, slugId: "statics", isCompleted: true, courseProgressInPercentage: 100 },
  { courseId: "b", courseName: "Dynamics", courseType: "mandatory" as const, order: 2, slugId: "dynamics", isCompleted: false, courseProgressInPercentage: 40 },
];
const FIGURES = { done: 1, total: 2 };

/** Every service with every lock the API can give it, as the API words them. */
const CASES = (Object.keys(CAREER_SERVICES) as (keyof typeof CAREER_SERVICES)[]).flatMap((id) =>
  careerServiceLock.options.map((lock: CareerServiceLock) => ({
    id,
    ...CAREER_SERVICES[id],
    isAvailable: false,
    lockedReason: careerLockSentence(lock, FIGURES),
    lockedCode: lock,
  })),
);

function Services() {
  const text = useServiceText(MANDATORY);
  return (
    <ul>
      {CASES.map((s) => {
        const words = text(s);
        return <li key={`${s.id}-${s.lockedCode}`}>{[words.title, words.description, words.lockedReason].join(" | ")}</li>;
      })}
    </ul>
  );
}

const shown = (locale: Locale) => {
  render(inLanguage(<Services />, locale));
  return screen.getAllByRole("listitem").map((li) => li.textContent);
};

describe("career services, in the page's language", () => {
  it("read in English exactly as the API words each service and each lock", () => {
    expect(shown("en")).toEqual(CASES.map((s) => [s.title, s.description, s.lockedReason].join(" | ")));
  });

  it("read in Hindi, Tamil and Telugu in their own script, with the mandatory courses counted", () => {
    const scripts = { hi: /[\u0900-\u097F]/, ta: /[\u0B80-\u0BFF]/, te: /[\u0C00-\u0C7F]/ } as const;
    for (const locale of ["hi", "ta", "te"] as const) {
      const lines = shown(locale);
      cleanup();
      for (const line of lines) {
        const [title, description, reason] = line!.split(" | ");
        for (const part of [title, description, reason]) expect(part, `${locale}: ${line}`).toMatch(scripts[locale]);
      }
    }
    // One of the three whole: the counts in their places.
    const hindi = shown("hi");
    expect(hindi[CASES.findIndex((s) => s.lockedCode === "mandatoryPending")]).toContain("पहले अपने अनिवार्य कोर्स पूरे करें (2 में से 1 पूरे)।");
  });

  it("keeps the API's words for a service or a lock the page does not know", () => {
    function Unknown() {
      const text = useServiceText(MANDATORY);
      // A service added later, and a lock code added later to one the page knows.
      const service = text({ id: "resume-review", title: "Resume review", description: "A review of your resume.", isAvailable: false, lockedReason: "Soon.", lockedCode: null });
      const lock = text({ ...CASES[0]!, lockedReason: "Closed for the holidays.", lockedCode: "holidays" as CareerServiceLock });
      return (
        <>
          <p>{[service.title, service.description, service.lockedReason].join(" | ")}</p>
          <p>{lock.lockedReason}</p>
        </>
      );
    }
    render(inLanguage(<Unknown />, "hi"));
    expect(screen.getByText("Resume review | A review of your resume. | Soon.")).toBeTruthy();
    expect(screen.getByText("Closed for the holidays.")).toBeTruthy();
  });
});
