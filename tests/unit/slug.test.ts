import { describe, expect, it } from "vitest";
import { slugify, slugTokens } from "@/lib/slug";

describe("slugify", () => {
  it("replaces special characters with word tokens and spaces with hyphens", () => {
    expect(slugify("C++ & Embedded")).toBe("c-plus-plus-and-embedded");
    expect(slugify("C# for .NET")).toBe("c-sharp-for-dot-net");
    expect(slugify("100% Uptime @ Scale")).toBe("100-percent-uptime-at-scale");
    expect(slugify("Node.js")).toBe("node-dot-js");
    expect(slugify("I/O = Input/Output")).toBe("i-slash-o-equals-input-slash-output");
    expect(slugify("a < b > c")).toBe("a-less-than-b-greater-than-c");
    expect(slugify("Price in ₹ or $")).toBe("price-in-rupee-or-dollar");
  });

  it("lower-cases, collapses runs of hyphens and trims them", () => {
    expect(slugify("  CAD   Fundamentals -- with SolidWorks  ")).toBe("cad-fundamentals-with-solidworks");
    expect(slugify("snake_case_title")).toBe("snake-case-title");
    expect(slugify("Tabs\tand\nnewlines")).toBe("tabs-and-newlines");
    expect(slugify("---Edge---")).toBe("edge");
  });

  it("drops other characters and removes accents", () => {
    expect(slugify("Ohm's Law: V = I·R!")).toBe("ohms-law-v-equals-ir");
    expect(slugify("Fillets, Chamfers (and) Patterns?")).toBe("fillets-chamfers-and-patterns");
    expect(slugify("Café Résumé")).toBe("cafe-resume");
    expect(slugify("🚀 Getting Started")).toBe("getting-started");
  });

  it("keeps digits and gives an empty slug when nothing can be kept", () => {
    expect(slugify("Python 3 in 30 Days")).toBe("python-3-in-30-days");
    expect(slugify("!!!")).toBe("");
    expect(slugify("")).toBe("");
  });

  it("only ever produces [a-z0-9-]", () => {
    const all = Object.keys(slugTokens).join(" ") + " Ünïcödé テスト ½ ß";
    expect(slugify(all)).toMatch(/^[a-z0-9]+(?:-[a-z0-9]+)*$/);
  });

  it("is stable: slugifying a slug gives the same slug", () => {
    for (const text of ["C++ & Embedded", "Power Electronics Essentials", "Timer Basics: Prescaler and Auto-Reload"]) {
      expect(slugify(slugify(text))).toBe(slugify(text));
    }
  });
});
