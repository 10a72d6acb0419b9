// @vitest-environment jsdom
import { cleanup, render, screen } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import { useErrorText } from "@/components/i18n/use-error-text";
import { HttpError } from "@/lib/api/client";
import { NextIntlClientProvider } from "next-intl";
import { allCalls } from "@/lib/contract";
import { fullPath } from "@/lib/contract/call";
import { ERROR_CODES } from "@/lib/contract/error-codes";
import hi from "@/messages/hi.json";
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
  "draft_incomplete",
  "scorm_package_refused",
  "people_import_invalid",
  "batch_members_import_invalid",
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

  describe("a refusal whose words take the server's details", () => {
    /** A refusal as the API sends it: the message, the code and the details. */
    const cases = [
      {
        code: "enrollment_not_allowed",
        status: 403,
        message: "“CAD Fundamentals” is archived: it takes no new learners.",
        details: { reason: "archived", course: "CAD Fundamentals" },
        hi: "“CAD Fundamentals” आर्काइव हो चुका है: इसमें अब नए शिक्षार्थी नहीं लिए जाते।",
      },
      {
        code: "enrollment_not_allowed",
        status: 403,
        message: "You cannot enroll in “CAD Fundamentals” yourself. Paid course (₹4,999): ask your company admin.",
        details: { reason: "paid", course: "CAD Fundamentals", price: "₹4,999" },
        hi: "आप “CAD Fundamentals” में ख़ुद एनरोल नहीं कर सकते। पेड कोर्स (₹4,999): अपनी कंपनी के एडमिन से पूछें।",
      },
      {
        code: "challenge_locked",
        status: 403,
        message: "Enroll in this course to attempt its multiple-choice blocks.",
        details: { reason: "notEnrolled", block: "mcqBlock" },
        hi: "इसके मल्टिपल-चॉइस ब्लॉक करने के लिए इस कोर्स में एनरोल करें।",
      },
      {
        code: "file_too_large",
        status: 413,
        message: "file: the file is larger than 10 MB, the most an essay attachment may be.",
        details: { reason: "essay", maxBytes: 10 * 1024 * 1024 },
        hi: "फ़ाइल 10 MB से बड़ी है: निबंध के साथ इससे बड़ी फ़ाइल नहीं जोड़ी जा सकती।",
      },
      {
        code: "file_too_large",
        status: 413,
        message: "file: the file is larger than 2.5 MB, the most an essay attachment may be.",
        details: { reason: "essay", maxBytes: 2.5 * 1024 * 1024 },
        hi: "फ़ाइल 2.5 MB से बड़ी है: निबंध के साथ इससे बड़ी फ़ाइल नहीं जोड़ी जा सकती।",
      },
      {
        code: "marks_out_of_range",
        status: 400,
        message: '"Clarity" is marked out of 10: 12 is more than that.',
        details: { criterion: "Clarity", outOf: 10, given: 12 },
        hi: '"Clarity" के अंक 10 में से दिए जाते हैं: 12 इससे ज़्यादा है।',
      },
      {
        code: "missing_criterion",
        status: 400,
        message: 'Give marks for every criterion: "Clarity", "Structure" have none.',
        details: { criteria: '"Clarity", "Structure"', count: 2 },
        hi: 'हर मानदंड को अंक दें: "Clarity", "Structure" को कोई अंक नहीं मिले हैं।',
      },
      {
        code: "not_a_grader",
        status: 400,
        message: "graderId: Asha Rao is an author, not a grader: give them the grader role first, or choose a grader.",
        details: { reason: "role", person: "Asha Rao", role: "author" },
        hi: "Asha Rao ऑथर हैं, ग्रेडर नहीं: पहले उन्हें ग्रेडर की भूमिका दें, या कोई ग्रेडर चुनें।",
      },
      {
        code: "unknown_batch",
        status: 400,
        message: 'batches: no batch has the key "data-2025", "cad-2026".',
        details: { field: "batches", keys: '"data-2025", "cad-2026"', count: 2 },
        hi: 'batches: की "data-2025", "cad-2026" वाला कोई बैच नहीं है।',
      },
      {
        code: "unknown_course",
        status: 400,
        message: "courseId: no course has this id; choose one of the courses listed",
        details: { reason: "session" },
        hi: "इस आईडी का कोई कोर्स नहीं है: सूची के कोर्स में से कोई चुनें।",
      },
      {
        code: "email_taken",
        status: 409,
        message: "A person with the e-mail asha@example.com already exists.",
        details: { email: "asha@example.com" },
        hi: "ईमेल asha@example.com वाला व्यक्ति पहले से मौजूद है।",
      },
      {
        code: "batch_in_use",
        status: 409,
        message: "The batch data-2025 is in use (3 members and 1 enrollment came through it): set its last day of access to end it instead.",
        details: { key: "data-2025", members: 3, enrollments: 1 },
        hi: "बैच data-2025 इस्तेमाल में है (3 सदस्य, और इसके ज़रिए 1 एनरोलमेंट हुआ है): इसे मिटाने के बजाय, एक्सेस का आख़िरी दिन तय करके इसे ख़त्म करें।",
      },
      {
        code: "program_in_use",
        status: 409,
        message: "The program data-path is in use: 2 batches take it (data-2025, data-2026). Only a program nobody takes can be deleted.",
        details: { key: "data-path", learners: 0, batches: "data-2025, data-2026", batchCount: 2 },
        hi: "प्रोग्राम data-path इस्तेमाल में है: 2 बैच इसे लेते हैं (data-2025, data-2026)। सिर्फ़ वही प्रोग्राम मिटाया जा सकता है जिसे कोई न लेता हो।",
      },
      {
        code: "job_not_retryable",
        status: 409,
        message: "The job cannot be retried: it is running now.",
        details: { state: "active" },
        hi: "यह जॉब दोबारा नहीं चलाई जा सकती: यह अभी चल रही है।",
      },
      {
        code: "company_host_pattern_taken",
        status: 409,
        message: "The host pattern *.acme.test would also match learn.acme.test, the host of the company Acme (acme): choose a pattern that does not cover another company's host.",
        details: { reason: "covers", pattern: "*.acme.test", host: "learn.acme.test", company: "Acme", companyKey: "acme" },
        hi: "होस्ट पैटर्न *.acme.test कंपनी Acme (acme) के होस्ट learn.acme.test से भी मेल खाएगा: ऐसा पैटर्न चुनें जो किसी दूसरी कंपनी के होस्ट से मेल न खाए।",
      },
      {
        code: "company_image_invalid",
        status: 400,
        message: 'logoUrl: "big-logo.png" is 1.5 MB; the logo may be at most 1 MB.',
        details: { reason: "tooLarge", field: "logoUrl", file: "big-logo.png", sizeBytes: 1.5 * 1024 * 1024, maxBytes: 1024 * 1024 },
        hi: 'logoUrl: "big-logo.png" 1.5 MB की है; लोगो ज़्यादा से ज़्यादा 1 MB का हो सकता है।',
      },
      {
        code: "company_image_invalid",
        status: 400,
        message: 'logoUrl must be the address of a PNG, JPEG or WebP image uploaded in the studio (/api/files/media/{id}/original.png); "https://x.test/a.svg" is not one.',
        details: { reason: "notUploaded", field: "logoUrl", url: "https://x.test/a.svg" },
        hi: 'logoUrl स्टूडियो में अपलोड की गई PNG, JPEG या WebP इमेज का पता होना चाहिए (/api/files/media/{id}/original.png); "https://x.test/a.svg" ऐसा पता नहीं है।',
      },
      {
        code: "meeting_time_invalid",
        status: 400,
        message: "startLocal: 2030-10-27T02:30 happens twice in Europe/Berlin (the clocks go back that night, +02:00 then +01:00); choose a time an hour earlier or later",
        details: { reason: "ambiguous", startLocal: "2030-10-27T02:30", timeZone: "Europe/Berlin", first: "+02:00", second: "+01:00" },
        hi: "Europe/Berlin में 2030-10-27T02:30 दो बार आता है (उस रात घड़ियाँ पीछे जाती हैं, पहले +02:00 फिर +01:00); एक घंटा पहले या बाद का समय चुनें।",
      },
      {
        code: "outline_node_not_found",
        status: 404,
        message: 'The outline has no chapter, sub-chapter or item with id "intro-video".',
        details: { reason: "unknown", id: "intro-video" },
        hi: 'आउटलाइन में "intro-video" आईडी का कोई चैप्टर, सब-चैप्टर या आइटम नहीं है।',
      },
      {
        code: "bad_outline_place",
        status: 400,
        message: "parentId: name the sub-chapter to move it to.",
        details: { reason: "moveToSubChapter" },
        hi: "वह सब-चैप्टर बताएँ जिसमें इसे ले जाना है।",
      },
      {
        code: "certificate_revoked",
        status: 410,
        message: "This certificate was revoked by its issuer on 5 March 2026 and is no longer valid.",
        details: { withdrawn: false, revokedAt: "2026-03-05T10:00:00.000Z" },
        hi: "इसे जारी करने वाले ने यह सर्टिफ़िकेट 5 मार्च 2026 को रद्द कर दिया, और अब यह मान्य नहीं है।",
      },
    ];

    for (const { code, status, message, details, hi } of cases) {
      it(`says ${code} (${JSON.stringify(details)}) in Hindi, and in English as the API says it`, () => {
        const body = { statusCode: status, error: "Refused", message, code, details };
        render(inLanguage(<Failure error={refusal(status, body)} />, "hi"));
        expect(screen.getByRole("alert").textContent).toBe(hi);
        cleanup();
        render(inLanguage(<Failure error={refusal(status, body)} />));
        expect(screen.getByRole("alert").textContent).toBe(message);
      });
    }

    it("keeps the API's message when the details are missing, of another shape, or name a reason the words do not know", () => {
      const message = "You cannot enroll in “CAD Fundamentals” yourself. Premium plan course: ask your company admin to upgrade your plan.";
      for (const details of [undefined, null, "archived", [], { reason: "archived" }, { reason: "somethingNew", course: "CAD Fundamentals" }, { reason: "paid", course: "CAD Fundamentals" }]) {
        cleanup();
        render(inLanguage(<Failure error={refusal(403, { message, code: "enrollment_not_allowed", details })} />, "hi"));
        expect(screen.getByRole("alert").textContent, JSON.stringify(details)).toBe(message);
      }
      // A program's own lock message is its administrator's words: the page shows them.
      cleanup();
      render(inLanguage(<Failure error={refusal(403, { message: "Finish Module 1 first.", code: "challenge_locked", details: { reason: "programOrder", block: "essayBlock" } })} />, "hi"));
      expect(screen.getByRole("alert").textContent).toBe("Finish Module 1 first.");
      // Not a number, not a date: the API's message.
      cleanup();
      render(inLanguage(<Failure error={refusal(413, { message: "file: too large.", code: "file_too_large", details: { reason: "essay", maxBytes: "10 MB" } })} />, "hi"));
      expect(screen.getByRole("alert").textContent).toBe("file: too large.");
      cleanup();
      render(inLanguage(<Failure error={refusal(410, { message: "Revoked.", code: "certificate_revoked", details: { withdrawn: true, revokedAt: "yesterday" } })} />, "hi"));
      expect(screen.getByRole("alert").textContent).toBe("Revoked.");
    });

    it("reads the generic failure when neither the details nor a message came", () => {
      render(inLanguage(<Failure error={refusal(403, { code: "enrollment_not_allowed" })} />, "hi"));
      expect(screen.getByRole("alert").textContent).toBe("कोई गड़बड़ी हुई");
    });
  });

  it("has words for every code of the contract but those whose message says what only the server knows", () => {
    const worded = [...Object.keys(en.common.errors.codes), ...Object.keys(en.studio.errors.codes)];
    expect(worded.filter((code) => !(ERROR_CODES as string[]).includes(code)), "not a code of the contract").toEqual([]);
    expect(KEEP_API_MESSAGE.filter((code) => worded.includes(code)), "both worded and kept").toEqual([]);
    expect([...worded, ...KEEP_API_MESSAGE].sort()).toEqual([...ERROR_CODES].sort());
  });

  it("keeps the words of the studio's own refusals for the studio's pages: a learner's page does not carry them", () => {
    // The codes that only the studio's calls answer with, from the contract.
    const answeredBy = new Map<string, Set<boolean>>();
    for (const call of allCalls) for (const code of call.errors ?? []) answeredBy.set(code, (answeredBy.get(code) ?? new Set()).add(fullPath(call).startsWith("/studio")));
    const studioOnly = (code: string) => answeredBy.get(code)?.size === 1 && answeredBy.get(code)!.has(true);
    expect(Object.keys(en.studio.errors.codes).filter((code) => !studioOnly(code)), "worded for the studio only, but a learner's call answers with it").toEqual([]);
    expect(Object.keys(en.common.errors.codes).filter(studioOnly), "only the studio answers with it, but every page carries its words").toEqual([]);

    // On a studio page (the studio's messages present) the words are the page's; elsewhere the API's message stays.
    const error = refusal(409, { message: "The e-mail a@b.test already has an account.", code: "email_taken", details: { email: "a@b.test" } });
    render(
      <NextIntlClientProvider locale="hi" messages={{ common: hi.common }} timeZone="UTC">
        <Failure error={error} />
      </NextIntlClientProvider>,
    );
    expect(screen.getByRole("alert").textContent).toBe("The e-mail a@b.test already has an account.");
    cleanup();
    render(inLanguage(<Failure error={error} />, "hi"));
    expect(screen.getByRole("alert").textContent).toContain("a@b.test");
    expect(screen.getByRole("alert").textContent).not.toBe("The e-mail a@b.test already has an account.");
  });
});
