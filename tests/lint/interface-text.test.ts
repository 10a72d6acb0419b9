import { existsSync, readdirSync, readFileSync, statSync } from "node:fs";
import path from "node:path";
import ts from "typescript";
import { describe, expect, it } from "vitest";

/*
 * Interface text lives in the message files (messages/*.json, docs/languages.md), not in the markup.
 * This test reads every .tsx file of app/ and components/ and fails on words written directly in JSX:
 * text between tags, a quoted string in braces, and the quoted value of an attribute people read
 * (aria-label, title, placeholder, alt, label). What it allows: text without letters (numbers,
 * punctuation, separators such as "/" or "·"), the brand's own name, and code (class names, ids,
 * addresses, test ids). Files whose text has not moved to the message files yet are listed in
 * tests/lint/untranslated-files.txt: a listed file is not checked, a file that no longer needs to be
 * listed fails the test until it is taken off, so the list only shrinks.
 */
const root = path.resolve(import.meta.dirname, "../..");
const LIST = path.join(root, "tests/lint/untranslated-files.txt");
const READ_ATTRIBUTES = new Set(["aria-label", "title", "placeholder", "alt", "label", "aria-description", "aria-roledescription"]);
const ALLOWED_WORDS = new Set(["SkillGrow"]);
/**
 * Files that keep English by design: the page shown when the root layout itself failed (no messages can
 * be loaded there; its document says lang="en"), and the bench's bare page (a measuring baseline, not a
 * page of the product).
 */
const ENGLISH_BY_DESIGN = new Set(["app/global-error.tsx", "app/(bench)/bench-baseline/page.bench.tsx"]);

const hasWords = (text: string) => {
  const words = text.match(/\p{L}[\p{L}\p{M}'’-]*/gu) ?? [];
  return words.some((w) => !ALLOWED_WORDS.has(w));
};

function tsxFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const full = path.join(dir, name);
    if (statSync(full).isDirectory()) return tsxFiles(full);
    return name.endsWith(".tsx") ? [path.relative(root, full)] : [];
  });
}

/** Each piece of interface text written directly in a file's JSX, with its line. */
export function hardCodedText(file: string, source = readFileSync(path.join(root, file), "utf8")): string[] {
  const sf = ts.createSourceFile(file, source, ts.ScriptTarget.Latest, true, ts.ScriptKind.TSX);
  const found: string[] = [];
  const report = (node: ts.Node, text: string) => found.push(`${file}:${sf.getLineAndCharacterOfPosition(node.getStart()).line + 1} ${JSON.stringify(text.trim().slice(0, 60))}`);
  const visit = (node: ts.Node) => {
    if (ts.isJsxText(node) && hasWords(node.text)) report(node, node.text);
    if (ts.isJsxExpression(node) && node.expression && ts.isStringLiteralLike(node.expression) && ts.isJsxElement(node.parent) && hasWords(node.expression.text)) {
      report(node, node.expression.text);
    }
    if (ts.isJsxAttribute(node) && READ_ATTRIBUTES.has(node.name.getText(sf)) && node.initializer) {
      const value = ts.isStringLiteral(node.initializer) ? node.initializer : ts.isJsxExpression(node.initializer) && node.initializer.expression && ts.isStringLiteralLike(node.initializer.expression) ? node.initializer.expression : null;
      if (value && hasWords(value.text)) report(node, value.text);
    }
    ts.forEachChild(node, visit);
  };
  visit(sf);
  return found;
}

const listed = readFileSync(LIST, "utf8")
  .split("\n")
  .map((l) => l.trim())
  .filter((l) => l && !l.startsWith("#"));
const files = [...tsxFiles(path.join(root, "app")), ...tsxFiles(path.join(root, "components"))].filter((f) => !ENGLISH_BY_DESIGN.has(f)).sort();

describe("interface text", () => {
  it("is read from the message files in every file not listed as still to move", () => {
    const offenders = files.filter((f) => !listed.includes(f)).flatMap((f) => hardCodedText(f));
    expect(offenders).toEqual([]);
  });

  it("lists only files that exist and still hold text to move, so the list only shrinks", () => {
    expect(listed.filter((f) => !existsSync(path.join(root, f))), "listed but gone").toEqual([]);
    expect(listed.filter((f) => existsSync(path.join(root, f)) && hardCodedText(f).length === 0), "listed but already moved").toEqual([]);
  });

  it("catches words between tags, in braces and in the attributes people read, and lets code and punctuation be", () => {
    const sample = [
      `export const A = () => <p className="mt-2 text-sm" data-testid="x-y">Hello there</p>;`,
      `export const B = () => <button aria-label="Close the menu">{"Send"}</button>;`,
      `export const C = ({ t }: { t: (k: string) => string }) => <p title={t("a")}>{t("b")} / {3} · SkillGrow</p>;`,
    ].join("\n");
    const found = hardCodedText("sample.tsx", sample);
    expect(found.map((f) => f.split(" ").slice(1).join(" "))).toEqual(['"Hello there"', '"Close the menu"', '"Send"']);
  });
});
