import { describe, expect, it } from "vitest";
import { brandingForHost, DEFAULT_BRANDING, findCompanyForHost, hostMatchesPattern, normalizeHost, type CompanyBrand } from "@/lib/branding";

const company = (key: string, hostPattern: string): CompanyBrand => ({
  key,
  name: `${key} company`,
  hostPattern,
  logoUrl: `/brand/${key}/logo.svg`,
  logoDarkUrl: null,
  loginBackgroundUrl: `/brand/${key}/bg.svg`,
});
const demo = company("demo", "demo.localhost");
const acme = company("acme", "*.acme.example");
const acmeLearn = company("acme-learn", "learn.acme.example");
const companies = [demo, acme, acmeLearn];

describe("host normalization", () => {
  it.each([
    ["demo.localhost", "demo.localhost"],
    ["demo.localhost:3000", "demo.localhost"],
    ["DEMO.LocalHost:443", "demo.localhost"],
    ["  demo.localhost  ", "demo.localhost"],
    ["demo.localhost.", "demo.localhost"],
    ["demo.localhost.:8080", "demo.localhost"],
    ["localhost", "localhost"],
    ["demo.localhost:", "demo.localhost"],
  ])("%j is %j", (header, host) => expect(normalizeHost(header)).toBe(host));

  it.each([null, undefined, "", "   ", ":3000", "[::1]:3000", "[::1]", "demo.localhost:abc", "demo.localhost:3000:1", "user@demo.localhost", "demo.localhost/path", "demo..localhost", "-demo.localhost", "demo_x.localhost", "demo localhost", "dèmo.localhost", "a".repeat(64) + ".localhost", `${"a.".repeat(200)}com`, "demo.localhost\u0000", "*.demo.localhost"])(
    "refuses %j",
    (header) => expect(normalizeHost(header as string | null | undefined)).toBeNull(),
  );
});

describe("host patterns", () => {
  it("matches an exact host only by its whole name", () => {
    expect(hostMatchesPattern("demo.localhost", "demo.localhost")).toBe(true);
    expect(hostMatchesPattern("x.demo.localhost", "demo.localhost")).toBe(false);
    expect(hostMatchesPattern("demo.localhost.evil.test", "demo.localhost")).toBe(false);
    expect(hostMatchesPattern("otherdemo.localhost", "demo.localhost")).toBe(false);
  });
  it("matches sub-domains with *. but not the bare domain or look-alikes", () => {
    expect(hostMatchesPattern("a.acme.example", "*.acme.example")).toBe(true);
    expect(hostMatchesPattern("a.b.acme.example", "*.acme.example")).toBe(true);
    expect(hostMatchesPattern("acme.example", "*.acme.example")).toBe(false);
    expect(hostMatchesPattern("evilacme.example", "*.acme.example")).toBe(false);
    expect(hostMatchesPattern("a.acme.example.evil", "*.acme.example")).toBe(false);
  });
  it("compares patterns case-insensitively", () => expect(hostMatchesPattern("demo.localhost", "Demo.LOCALHOST")).toBe(true));
});

describe("company for a Host header", () => {
  it("finds the demo company on demo.localhost at any port and case", () => {
    for (const header of ["demo.localhost", "demo.localhost:3000", "Demo.Localhost:41234"]) expect(findCompanyForHost(header, companies)).toBe(demo);
  });
  it("prefers an exact host over a wildcard that also matches", () => {
    expect(findCompanyForHost("learn.acme.example", companies)).toBe(acmeLearn);
    expect(findCompanyForHost("shop.acme.example:8443", companies)).toBe(acme);
  });
  it("prefers the longer of two wildcards", () => {
    const deep = company("deep", "*.eu.acme.example");
    expect(findCompanyForHost("x.eu.acme.example", [acme, deep])).toBe(deep);
    expect(findCompanyForHost("x.us.acme.example", [acme, deep])).toBe(acme);
  });
  it("gives the product's own brand to other, malformed or missing hosts", () => {
    for (const header of ["localhost:3000", "127.0.0.1:3000", "[::1]:3000", "acme.example", "", null, undefined, "demo.localhost:x", "%00", "demo.localhost\r\nX: y"]) {
      expect(brandingForHost(header, companies)).toEqual(DEFAULT_BRANDING);
    }
    expect(brandingForHost("demo.localhost", [])).toEqual(DEFAULT_BRANDING);
  });
  it("returns the company's logos and login background", () => {
    expect(brandingForHost("demo.localhost:3000", companies)).toEqual({
      key: "demo",
      name: "demo company",
      logoUrl: "/brand/demo/logo.svg",
      logoDarkUrl: null,
      loginBackgroundUrl: "/brand/demo/bg.svg",
    });
  });
});
