import { describe, expect, it } from "vitest";
import { failedRequestMessage } from "@/lib/api/errors";
import { shouldRetry } from "@/lib/api/client";
import { email, emailPattern } from "@/lib/contract/common";
import { checkEmail } from "@/lib/contract/email";
import { requestSignInLink } from "@/lib/contract/calls/sign-in";
import { formatDuration } from "@/lib/format-duration";
import { isProtectedPath, loginRedirectPath } from "@/lib/routes";
import { safeRedirectPath } from "@/lib/safe-redirect";

describe("e-mail pattern", () => {
  it.each(["ada@example.com", "ADA@EXAMPLE.COM", "first.last+tag@sub.company.co.in", "x@y.io"])("accepts %s", (value) => {
    expect(emailPattern.test(value)).toBe(true);
    expect(email.safeParse(value).success).toBe(true);
    expect(checkEmail(`  ${value} `)).toEqual({ ok: true, email: value });
  });
  it.each(["", "ada", "ada@", "@example.com", "ada@example", "ada@example.c", "ada@example.c0m", "a b@example.com", "ada@exa mple.com"])(
    "refuses %j",
    (value) => {
      const parsed = email.safeParse(value);
      expect(parsed.success).toBe(false);
      // The sign-in form's check, which carries no zod, refuses the same values with the contract's words.
      expect(checkEmail(value)).toEqual({ ok: false, message: parsed.error!.issues[0]!.message });
    },
  );

  it("refuses a too long address with the contract's words", () => {
    const long = `${"a".repeat(250)}@example.com`;
    expect(checkEmail(long)).toEqual({ ok: false, message: email.safeParse(long).error!.issues[0]!.message });
  });
});

describe("invite value", () => {
  it("must be a string", () => {
    const res = requestSignInLink.body!.safeParse({ value: 12 });
    expect(res.success).toBe(false);
    expect(res.error?.issues[0]?.message).toBe("value must be a string");
  });
});

describe("failed-request message", () => {
  it("uses the body's message when there is one", () => {
    expect(failedRequestMessage(400, { message: "value: Enter a valid e-mail" })).toBe("value: Enter a valid e-mail");
    expect(failedRequestMessage(404, { message: "Course not found" })).toBe("Course not found");
  });
  it("says 'Not found' for a 404 without a message", () => {
    expect(failedRequestMessage(404, {})).toBe("Not found");
    expect(failedRequestMessage(404, "")).toBe("Not found");
  });
  it("says 'An error occurred' otherwise", () => {
    expect(failedRequestMessage(500, undefined)).toBe("An error occurred");
    expect(failedRequestMessage(400, { message: "  " })).toBe("An error occurred");
    expect(failedRequestMessage(undefined, null)).toBe("An error occurred");
  });
});

describe("retry rule", () => {
  it("retries 5xx only", () => {
    expect(shouldRetry({ method: "get" }, 500)).toBe(true);
    expect(shouldRetry({ method: "get" }, 503)).toBe(true);
    expect(shouldRetry({ method: "get" }, 599)).toBe(true);
    expect(shouldRetry({ method: "get" }, 404)).toBe(false);
    expect(shouldRetry({ method: "get" }, 429)).toBe(false);
    expect(shouldRetry({ method: "get" }, undefined)).toBe(false);
  });
  it("retries a write only when it carries an idempotency key", () => {
    expect(shouldRetry({ method: "post" }, 502)).toBe(false);
    expect(shouldRetry({ method: "post", headers: { "Idempotency-Key": "k1" } }, 502)).toBe(true);
  });
});

describe("duration display", () => {
  it.each([
    [0, "0 mins"],
    [1, "1 min"],
    [45, "45 mins"],
    [60, "1 hr"],
    [61, "1 hr 1 min"],
    [135, "2 hrs 15 mins"],
    [-5, "0 mins"],
    [Number.NaN, "0 mins"],
  ])("%d minutes is %s", (minutes, text) => {
    expect(formatDuration(minutes)).toBe(text);
  });
});

describe("redirects after sign-in", () => {
  it.each([
    ["/courses?tab=all", "/courses?tab=all"],
    ["/learn/video/a/b", "/learn/video/a/b"],
    ["//evil.example", "/dashboard"],
    ["https://evil.example/x", "/dashboard"],
    ["/\\evil.example", "/dashboard"],
    ["/%0d%0aSet-Cookie:x", "/%0d%0aSet-Cookie:x"],
    ["/\tfoo", "/dashboard"],
    ["dashboard", "/dashboard"],
    [undefined, "/dashboard"],
  ])("%j becomes %j", (input, expected) => {
    expect(safeRedirectPath(input)).toBe(expected);
  });
});

describe("protected routes", () => {
  it.each(["/dashboard", "/courses", "/courses/x", "/achivements", "/career-services", "/certificates", "/group-sessions", "/learning-paths", "/learning-paths/a/b/c/d/1", "/evaluate", "/evaluate/abc"])(
    "%s needs a login",
    (p) => expect(isProtectedPath(p)).toBe(true),
  );
  it.each(["/", "/login/finish", "/certificates/course/abc", "/learn/video/x", "/dashboardx", "/evaluatex"])("%s does not", (p) =>
    expect(isProtectedPath(p)).toBe(false),
  );
  it("sends the visitor home with the reason and the way back", () => {
    expect(loginRedirectPath("/courses?tab=all")).toBe("/?reason=login-required&redirectUrl=%2Fcourses%3Ftab%3Dall");
  });
});

describe("learning page addresses", () => {
  it("round-trip through learnPath and parseLearnPath", async () => {
    const { learnPath, parseLearnPath } = await import("@/lib/learning-address");
    const place = { nodeType: "video" as const, courseSlugId: "cad", chapterSlugId: "ch 1", subChapterSlugId: "s/1", nodeSlugId: "v1" };
    const path = learnPath(place);
    expect(path).toBe("/learn/video/cad/ch%201/s%2F1/v1");
    const [, , nodeType, ...params] = path.split("/");
    expect(parseLearnPath(nodeType!, params)).toEqual(place);
  });
  it("refuse addresses of the wrong shape", async () => {
    const { parseLearnPath } = await import("@/lib/learning-address");
    expect(parseLearnPath("video", ["a", "b"])).toBeNull();
    expect(parseLearnPath("podcast", ["a", "b", "c", "d"])).toBeNull();
    expect(parseLearnPath("course", ["cad"])).toEqual({ nodeType: "course", courseSlugId: "cad" });
  });
});
