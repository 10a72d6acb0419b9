import { readdirSync, readFileSync, statSync } from "node:fs";
import path from "node:path";
import ts from "typescript";
import { describe, expect, it } from "vitest";

/*
 * Interface text lives in the message files (messages/*.json, docs/languages.md), not in the code.
 * This test reads every .ts and .tsx file of app/, components/ and hooks/ and fails on words written
 * directly in JSX: text between tags, a quoted string in braces, and the quoted value of an attribute
 * people read (aria-label, title, placeholder, alt, label); and, outside JSX, on the words a person is
 * shown from code: the title and description of a toast (showToast) and the question of a confirm or
 * alert. What it allows: text without letters (numbers, punctuation, separators such as "/" or "·"),
 * the brand's own name, code (class names, ids, addresses, test ids), and the two files below.
 */
const root = path.resolve(import.meta.dirname, "../..");
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

function sourceFiles(dir: string, ext: RegExp): string[] {
  return readdirSync(dir).flatMap((name) => {
    const full = path.join(dir, name);
    if (statSync(full).isDirectory()) return sourceFiles(full, ext);
    return ext.test(name) ? [path.relative(root, full)] : [];
  });
}

/** Each piece of interface text written directly in a file's JSX, with its line. */
export function hardCodedText(file: string, source = readFileSync(path.join(root, file), "utf8")): string[] {
  const sf = ts.createSourceFile(file, source, ts.ScriptTarget.Latest, true, file.endsWith(".tsx") ? ts.ScriptKind.TSX : ts.ScriptKind.TS);
  const found: string[] = [];
  const report = (node: ts.Node, text: string) => found.push(`${file}:${sf.getLineAndCharacterOfPosition(node.getStart()).line + 1} ${JSON.stringify(text.trim().slice(0, 60))}`);
  const written = (e: ts.Expression | undefined) =>
    !!e && ((ts.isStringLiteralLike(e) && hasWords(e.text)) || (ts.isTemplateExpression(e) && [e.head, ...e.templateSpans.map((span) => span.literal)].some((part) => hasWords(part.text))));
  const visit = (node: ts.Node) => {
    if (ts.isCallExpression(node)) {
      const callee = node.expression.getText(sf);
      if (/^(window\.)?(confirm|alert)$/.test(callee) && written(node.arguments[0])) report(node, node.arguments[0]!.getText(sf));
      const options = node.arguments[0];
      if (callee === "showToast" && options && ts.isObjectLiteralExpression(options)) {
        for (const prop of options.properties) {
          if (ts.isPropertyAssignment(prop) && ["title", "description"].includes(prop.name.getText(sf)) && written(prop.initializer)) report(prop, prop.initializer.getText(sf));
        }
      }
    }
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

const files = ["app", "components", "hooks"]
  .flatMap((dir) => sourceFiles(path.join(root, dir), /\.tsx?$/))
  .filter((f) => !ENGLISH_BY_DESIGN.has(f))
  .sort();

describe("interface text", () => {
  it("is read from the message files in every file of the interface", () => {
    expect(files.length).toBeGreaterThan(200);
    expect(files.flatMap((f) => hardCodedText(f))).toEqual([]);
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

  it("catches the words of a toast and of a confirm written in code, and lets translated ones be", () => {
    const sample = [
      "showToast({ title: \"Saved\", description: `Added ${n} people`, variant: \"success\" });",
      "if (window.confirm(\"Leave this page?\")) leave();",
      "showToast({ title: t(\"saved\"), description: `${a} · ${b}`, variant: \"success\" });",
      "confirm(t(\"leave\"));",
    ].join("\n");
    expect(hardCodedText("sample.ts", sample).length).toBe(3);
    expect(hardCodedText("sample.ts", sample).map((f) => f.split(":")[1]!.split(" ")[0])).toEqual(["1", "1", "2"]);
  });
});
