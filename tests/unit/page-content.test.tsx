// @vitest-environment jsdom
import { render } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { isExternalHref, PageContent } from "@/components/learning/page-content";
import { inLanguage } from "@/tests/support/intl";

const show = (markdown: string) => render(inLanguage(<PageContent markdown={markdown} />)).container;

describe("the lesson's reading content", () => {
  it("renders a GitHub-style table as a table, header and rows", () => {
    const page = show(["| Area | What it is for |", "| --- | --- |", "| CommandManager | Context tabs |", "| FeatureManager tree | The history of the part |"].join("\n"));
    const table = page.querySelector("table");
    expect(table).not.toBeNull();
    expect([...table!.querySelectorAll("th")].map((th) => th.textContent)).toEqual(["Area", "What it is for"]);
    expect([...table!.querySelectorAll("tbody tr")].map((tr) => [...tr.querySelectorAll("td")].map((td) => td.textContent))).toEqual([
      ["CommandManager", "Context tabs"],
      ["FeatureManager tree", "The history of the part"],
    ]);
    expect(page.textContent).not.toContain("|");
  });

  it("renders task lists as ticked and unticked boxes the learner cannot change", () => {
    const page = show("- [x] Sketch fully defined\n- [ ] Fillets last");
    const boxes = [...page.querySelectorAll<HTMLInputElement>("li input[type=checkbox]")];
    expect(boxes.map((b) => [b.checked, b.disabled])).toEqual([
      [true, true],
      [false, true],
    ]);
    expect(page.textContent).not.toContain("[x]");
  });

  it("renders strikethrough", () => {
    expect(show("Use ~~inches~~ millimetres.").querySelector("del")?.textContent).toBe("inches");
  });

  it("turns bare addresses into links, marked as leaving the site", () => {
    const page = show("See www.solidworks.com and https://help.solidworks.com/2024 for more.");
    const links = [...page.querySelectorAll("a")];
    expect(links.map((a) => a.getAttribute("href"))).toEqual(["http://www.solidworks.com", "https://help.solidworks.com/2024"]);
    for (const a of links) {
      expect(a.getAttribute("target")).toBe("_blank");
      expect(a.getAttribute("rel")).toBe("noopener noreferrer");
      expect(a.textContent).toContain("(opens another site in a new tab)");
      expect(a.querySelector("svg[aria-hidden=true]")).not.toBeNull();
    }
  });

  it("leaves links within the site as they are", () => {
    const page = show("Back to [the catalogue](/courses) or [the table](#shortcuts).");
    for (const a of page.querySelectorAll("a")) {
      expect(a.hasAttribute("target")).toBe(false);
      expect(a.hasAttribute("rel")).toBe(false);
      expect(a.textContent).not.toContain("opens another site");
    }
  });

  it("renders no raw HTML and no script address", () => {
    const page = show('<script>alert(1)</script>\n\n<img src=x onerror="alert(2)">\n\nText <b>bold?</b> and [a link](javascript:alert(3)).\n\n<div class="x">block</div>');
    expect(page.querySelector("script, img, b, div.x, [onerror]")).toBeNull();
    expect(page.innerHTML).not.toContain("javascript:");
    expect(page.textContent).toContain("a link");
  });
});

describe("isExternalHref", () => {
  it("tells addresses of other sites from paths of this one", () => {
    expect(["https://example.com", "http://x.test/a", "//cdn.test/x", "mailto:help@example.com", " HTTPS://EXAMPLE.COM"].map(isExternalHref)).toEqual([true, true, true, true, true]);
    expect(["/courses", "#part", "lesson-2", "?tab=all", undefined, ""].map(isExternalHref)).toEqual([false, false, false, false, false, false]);
  });
});
