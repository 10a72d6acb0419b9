import { describe, expect, it } from "vitest";
import {
  certificateImagePath,
  certificateSharePath,
  linkedInAddToProfileUrl,
  linkedInShareUrl,
  shareText,
  whatsAppShareUrl,
} from "@/lib/certificate-share";
import { certificateSharePageUid, isProtectedPath } from "@/lib/routes";

const url = "https://learn.example.com/certificates/course/Abc123_-Abc123_-Abc123_-xyz";

describe("share texts", () => {
  it("end a course certificate's text with the course tags, and any other with the others", () => {
    const course = shareText({ shareType: "course", courseName: "CAD Fundamentals", url }, "Acme");
    expect(course.endsWith("#upskill #upskillyourself #engineering #certification")).toBe(true);
    expect(course).toContain(url);
    expect(course).toContain("CAD Fundamentals");
    const program = shareText({ shareType: "program", courseName: "Mechanical Design Program", url });
    expect(program.endsWith("#learningJourney #achievement #professionalGrowth")).toBe(true);
    expect(program).not.toContain("#upskill");
  });

  it("fill LinkedIn's and WhatsApp's share links with the whole text", () => {
    const text = shareText({ shareType: "course", courseName: "C & C++ / Embedded", url });
    expect(new URL(linkedInShareUrl(text)).searchParams.get("text")).toBe(text);
    expect(new URL(whatsAppShareUrl(text)).searchParams.get("text")).toBe(text);
    expect(new URL(whatsAppShareUrl(text)).host).toBe("wa.me");
  });
});

describe("LinkedIn's Add to profile link", () => {
  it("names the certification, the organization, the issue year and month, the address and the id", () => {
    const link = new URL(
      linkedInAddToProfileUrl({ name: "CAD Fundamentals", organizationName: "Demo Engineering Academy", issuedDate: "2025-01-31T23:30:00.000Z", certUrl: url, certId: "Abc123" }),
    );
    expect(`${link.origin}${link.pathname}`).toBe("https://www.linkedin.com/profile/add");
    expect(Object.fromEntries(link.searchParams)).toEqual({
      startTask: "CERTIFICATION_NAME",
      name: "CAD Fundamentals",
      organizationName: "Demo Engineering Academy",
      issueYear: "2025",
      issueMonth: "1",
      certUrl: url,
      certId: "Abc123",
    });
  });
});

describe("the share page's address", () => {
  it("is public while /certificates itself needs a session", () => {
    const uid = "Abc123_-Abc123_-Abc123_-xyz";
    expect(isProtectedPath("/certificates")).toBe(true);
    expect(isProtectedPath("/certificates/")).toBe(true);
    expect(isProtectedPath(certificateSharePath("course", uid))).toBe(false);
    expect(isProtectedPath(certificateSharePath("program", uid))).toBe(false);
    expect(isProtectedPath(certificateImagePath("course", uid))).toBe(false);
    expect(certificateSharePageUid(certificateSharePath("course", uid))).toBe(uid);
    expect(certificateSharePageUid(certificateSharePath("program", uid))).toBe(uid);
    expect(certificateSharePageUid(certificateImagePath("course", uid))).toBeNull();
    expect(certificateSharePageUid(`/certificates/badge/${uid}`)).toBeNull();
    expect(certificateSharePageUid("/certificates")).toBeNull();
  });
});
