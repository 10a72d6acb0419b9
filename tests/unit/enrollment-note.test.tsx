// @vitest-environment jsdom
import { cleanup, render, screen } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import { useEnrollmentNote } from "@/components/i18n/use-enrollment-note";
import type { CourseEnrollmentState } from "@/lib/contract/entities/shared";
import type { BatchLink } from "@/lib/server/domain/course-records";
import { decideEnrollment, enrollmentStateOf, type EnrollmentFacts } from "@/lib/server/domain/decide-enrollment";
import type { Locale } from "@/lib/i18n/languages";
import { inLanguage } from "../support/intl";

afterEach(cleanup);

function Notes({ states }: { states: CourseEnrollmentState[] }) {
  const note = useEnrollmentNote();
  return (
    <ul>
      {states.map((s, n) => (
        <li key={n}>{note(s)}</li>
      ))}
    </ul>
  );
}

const now = new Date("2026-11-29T12:00:00Z");
const later = new Date("2026-12-29T12:00:00Z");
const earlier = new Date("2026-10-29T12:00:00Z");
const course = { courseType: "mandatory", priceCents: null, currency: "INR", isPremium: false } as EnrollmentFacts["course"];
const batch: BatchLink = { batchId: "b", programId: "p", enrollmentType: "Customer (Scheduled and Optional)", allowManualVideoCompletion: false, startsAt: null, accountExpiresAt: null, courseType: "nonMandatory" };
const facts = (f: Partial<EnrollmentFacts>): EnrollmentFacts => ({ course, enrollment: null, batches: [], user: { plan: "Basic" }, now, ...f });

/** Every state the API decides that a page shows in words (all but an open course). */
const STATES = [
  facts({ enrollment: { batchId: "b", startDate: later, batchExpiresAt: null, grantedAt: null } }),
  facts({ enrollment: { batchId: "b", startDate: null, batchExpiresAt: earlier, grantedAt: null } }),
  facts({ course: { ...course, isPremium: true }, enrollment: { batchId: null, startDate: null, batchExpiresAt: null, grantedAt: null } }),
  facts({ batches: [batch] }),
  facts({ course: { ...course, courseType: "complimentary", isPremium: true, priceCents: 499900 } }),
  facts({}),
  facts({ course: { ...course, isPremium: true }, user: { plan: "Premium" } }),
  facts({ course: { ...course, isPremium: true }, batches: [{ ...batch, accountExpiresAt: earlier }] }),
  facts({ course: { ...course, priceCents: 499900 } }),
  facts({ course: { ...course, isPremium: true } }),
].map((f) => enrollmentStateOf(decideEnrollment(f)));

const shown = (locale: Locale) => {
  render(inLanguage(<Notes states={STATES} />, locale));
  const texts = screen.getAllByRole("listitem").map((li) => li.textContent);
  cleanup();
  return texts;
};

describe("where a learner stands with a course, in the page's language", () => {
  it("covers every status and basis a page words", () => {
    expect(new Set(STATES.map((s) => `${s.status}/${s.basis}`)).size).toBe(STATES.length - 1);
  });

  it("reads in English exactly as the API's note", () => {
    expect(shown("en")).toEqual(STATES.map((s) => s.note));
  });

  it("reads in Hindi, Tamil and Telugu, with a paid course's price", () => {
    for (const locale of ["hi", "ta", "te"] as const) {
      const texts = shown(locale);
      texts.forEach((text, n) => expect(text, `${locale}: ${STATES[n]!.note}`).not.toBe(STATES[n]!.note));
      expect(texts[8]).toContain("₹4,999");
      expect(texts[4]).not.toBe(texts[5]);
    }
  });
});
