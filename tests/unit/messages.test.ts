import { readFileSync } from "node:fs";
import path from "node:path";
import { parse, TYPE, type MessageFormatElement } from "@formatjs/icu-messageformat-parser";
import { describe, expect, it } from "vitest";
import { LOCALES } from "@/lib/i18n/languages";

/*
 * The message files (messages/{en,hi,ta,te}.json, docs/languages.md): every language has every key
 * English has and no other, and each message is valid ICU with the same arguments and tags as the
 * English one (a translation that renamed {name} or dropped <strong> would show the raw text).
 */
type Tree = { [key: string]: string | Tree };
const catalogue = (locale: string) => JSON.parse(readFileSync(path.join(process.cwd(), "messages", `${locale}.json`), "utf8")) as Tree;

function flatten(tree: Tree, prefix = ""): Map<string, string> {
  const out = new Map<string, string>();
  for (const [key, value] of Object.entries(tree)) {
    const name = prefix ? `${prefix}.${key}` : key;
    if (typeof value === "string") out.set(name, value);
    else for (const [k, v] of flatten(value, name)) out.set(k, v);
  }
  return out;
}

/** The arguments and tags a message uses, with the plural categories it spells out. */
function shape(elements: MessageFormatElement[], into = new Set<string>()): Set<string> {
  for (const el of elements) {
    if (el.type === TYPE.argument || el.type === TYPE.number || el.type === TYPE.date || el.type === TYPE.time) into.add(`{${el.value}}`);
    if (el.type === TYPE.tag) {
      into.add(`<${el.value}>`);
      shape(el.children, into);
    }
    if (el.type === TYPE.plural || el.type === TYPE.select) {
      into.add(`{${el.value}, ${el.type === TYPE.plural ? "plural" : "select"}}`);
      if (el.type === TYPE.select) for (const option of Object.keys(el.options)) into.add(`${el.value}=${option}`);
      for (const option of Object.values(el.options)) shape(option.value, into);
    }
  }
  return into;
}

const english = flatten(catalogue("en"));

describe("message files", () => {
  it("English has messages", () => expect(english.size).toBeGreaterThan(10));

  for (const locale of LOCALES.filter((l) => l !== "en")) {
    it(`${locale} has every English key and no other`, () => {
      const other = flatten(catalogue(locale));
      expect([...english.keys()].filter((k) => !other.has(k)), "missing").toEqual([]);
      expect([...other.keys()].filter((k) => !english.has(k)), "unknown").toEqual([]);
      expect([...other.entries()].filter(([, v]) => !v.trim()).map(([k]) => k), "empty").toEqual([]);
    });

    it(`${locale}'s messages are ICU with English's arguments and tags`, () => {
      for (const [key, text] of flatten(catalogue(locale))) {
        const source = english.get(key);
        if (source === undefined) continue;
        expect(() => parse(text), `${locale} ${key}`).not.toThrow();
        expect([...shape(parse(text))].sort(), `${locale} ${key}`).toEqual([...shape(parse(source))].sort());
      }
    });
  }

  it("a plural is written with ICU, and each language's rules pick its forms", () => {
    for (const locale of LOCALES) {
      const text = flatten(catalogue(locale)).get("signIn.form.tooMany")!;
      const plural = parse(text).find((el) => el.type === TYPE.plural);
      expect(plural, locale).toBeDefined();
      // Every category of the language's plural rules (CLDR, through Intl) has its own form.
      const categories = new Intl.PluralRules(locale).resolvedOptions().pluralCategories;
      const options = Object.keys((plural as { options: Record<string, unknown> }).options);
      expect(options.sort(), locale).toEqual([...categories].sort());
    }
  });
});
