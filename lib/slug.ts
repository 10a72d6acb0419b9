/**
 * Word tokens that replace special characters in slugs (spec section 5).
 * Each token is written between hyphens: "C++ & Embedded" -> "c-plus-plus-and-embedded".
 */
export const slugTokens: Readonly<Record<string, string>> = {
  "&": "and",
  "+": "plus",
  "#": "sharp",
  "%": "percent",
  "@": "at",
  ".": "dot",
  "=": "equals",
  "<": "less-than",
  ">": "greater-than",
  "/": "slash",
  "\\": "backslash",
  "*": "star",
  "|": "pipe",
  "~": "tilde",
  "^": "caret",
  $: "dollar",
  "€": "euro",
  "£": "pound",
  "₹": "rupee",
  "°": "degree",
};

/**
 * Turns a title into a URL slug:
 * - the characters of `slugTokens` become their word token;
 * - spaces (any white space), hyphens and underscores become one hyphen;
 * - letters are lower-cased, accents removed ("é" -> "e");
 * - every other character (punctuation, apostrophes, emoji, non-Latin letters) is dropped;
 * - runs of hyphens collapse to one, and leading/trailing hyphens are removed.
 * The result only holds [a-z0-9-]; it may be empty when the text holds nothing it keeps.
 */
export function slugify(text: string): string {
  let out = "";
  for (const ch of text.normalize("NFKD")) {
    const token = slugTokens[ch];
    if (token !== undefined) out += `-${token}-`;
    else if (/[a-z0-9]/i.test(ch)) out += ch.toLowerCase();
    else if (/[\s\-_]/.test(ch)) out += "-";
  }
  return out.replace(/-+/g, "-").replace(/^-|-$/g, "");
}
