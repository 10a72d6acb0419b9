// @vitest-environment jsdom
import { cleanup, render, screen } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import { useErrorText } from "@/components/i18n/use-error-text";
import { HttpError } from "@/lib/api/client";
import { ERROR_CODES } from "@/lib/contract/error-codes";
import en from "@/messages/en.json";
import { inLanguage } from "../support/intl";

afterEach(cleanup);

/** A failed request's text as a page shows it. */
function Failure({ error }: { error: unknown }) {
  const errorText = useErrorText();
  return <p role="alert">{errorText(error)}</p>;
}

const refusal = (status: number, body: unknown) => new HttpError(`Request failed with status ${status}`, { status, data: body, headers: new Headers() });

/**
 * The codes whose words only the API's message has (a field, a row, a reason among several, a person,
 * a count or a limit the server knows): docs/languages.md lists them, and the page shows that message.
 */
const KEEP_API_MESSAGE = [
  "bad_request",
  "unauthorized",
  "conflict",
  "enrollment_not_allowed",
  "challenge_locked",
  "file_too_large",
  "unsupported_file_type",
  "claimed_by_other",
  "evaluated_by_other",
  "marks_out_of_range",
  "missing_criterion",
  "meeting_time_invalid",
  "certificate_revoked",
  "delete_needs_confirmation",
  "outline_node_not_found",
  "bad_outline_place",
  "draft_incomplete",
  "scorm_package_refused",
  "unknown_batch",
  "people_import_invalid",
  "batch_in_use",
  "company_host_pattern_taken",
  "company_image_invalid",
  "company_in_use",
  "batch_members_import_invalid",
  "stale_program_revision",
  "program_in_use",
  "job_not_retryable",
  "export_too_large",
  "not_a_grader",
  "submission_graded",
  "course_not_enrollable",
  "purchase_request_answered",
  // The message names the value refused (an e-mail, a key, a course).
  "email_taken",
  "batch_key_taken",
  "company_key_taken",
  "program_key_taken",
  "duplicate_course",
  "unknown_course",
];

describe("a failed request in the page's language", () => {
  it("says a coded refusal in Hindi", () => {
    const error = refusal(409, { statusCode: 409, error: "Conflict", message: "You have used all 3 attempts at this block; your best score counts.", code: "attempts_exhausted" });
    render(inLanguage(<Failure error={error} />, "hi"));
    expect(screen.getByRole("alert").textContent).toBe("आप इस ब्लॉक के सारे प्रयास कर चुके हैं।");
  });

  it("says the same refusal in English with the English words", () => {
    const error = refusal(409, { message: "You have used all 3 attempts at this block; your best score counts.", code: "attempts_exhausted" });
    render(inLanguage(<Failure error={error} />));
    expect(screen.getByRole("alert").textContent).toBe("You have used all your attempts at this block.");
  });

  it("keeps the API's own message for a refusal whose code has no words of its own", () => {
    const message = "essayAnswer: write an answer before submitting.";
    for (const code of ["bad_request", undefined]) {
      cleanup();
      render(inLanguage(<Failure error={refusal(400, { message, code })} />, "hi"));
      expect(screen.getByRole("alert").textContent).toBe(message);
    }
  });

  it("reads the offline text when no answer came at all", () => {
    render(inLanguage(<Failure error={new HttpError("Network Error")} />, "hi"));
    expect(screen.getByRole("alert").textContent).toBe("सर्वर से संपर्क नहीं हो पाया। अपना कनेक्शन जाँचें और फिर कोशिश करें।");
  });

  it("has words for every code of the contract but those whose message says what only the server knows", () => {
    const worded = Object.keys(en.common.errors.codes);
    expect(worded.filter((code) => !(ERROR_CODES as string[]).includes(code)), "not a code of the contract").toEqual([]);
    expect(KEEP_API_MESSAGE.filter((code) => worded.includes(code)), "both worded and kept").toEqual([]);
    expect([...worded, ...KEEP_API_MESSAGE].sort()).toEqual([...ERROR_CODES].sort());
  });
});
