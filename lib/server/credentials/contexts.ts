import credentialsV2 from "./contexts/credentials-v2.json";
import openBadgesV3 from "./contexts/ob-v3p0-context-3.0.3.json";

/*
 * The JSON-LD contexts a certificate credential names, shipped with the app (copied from the W3C
 * Verifiable Credentials 2.0 context and the 1EdTech Open Badges 3.0.3 context): nothing is ever
 * fetched to read or check a credential.
 */

export const CREDENTIALS_V2_CONTEXT = "https://www.w3.org/ns/credentials/v2";
export const OPEN_BADGES_V3_CONTEXT = "https://purl.imsglobal.org/spec/ob/v3p0/context-3.0.3.json";

const shipped = new Map<string, { "@context": Record<string, unknown> }>([
  [CREDENTIALS_V2_CONTEXT, credentialsV2 as { "@context": Record<string, unknown> }],
  [OPEN_BADGES_V3_CONTEXT, openBadgesV3 as { "@context": Record<string, unknown> }],
]);

/**
 * A JSON-LD document loader that answers from the shipped contexts only: hand it to a JSON-LD
 * processor so it never goes to the network. Any other address is refused.
 */
export function loadShippedContext(url: string): { contextUrl: null; documentUrl: string; document: unknown } {
  const document = shipped.get(url);
  if (!document) throw new Error(`The context ${url} is not shipped with the app, and contexts are never fetched.`);
  return { contextUrl: null, documentUrl: url, document };
}

export const isShippedContext = (url: unknown) => typeof url === "string" && shipped.has(url);

/** Every term the shipped contexts define, scoped contexts included. */
function definedTerms(): Set<string> {
  const terms = new Set<string>();
  const walk = (context: unknown) => {
    if (!context || typeof context !== "object") return;
    for (const [term, definition] of Object.entries(context as Record<string, unknown>)) {
      if (!term.startsWith("@")) terms.add(term);
      if (definition && typeof definition === "object" && "@context" in definition) walk((definition as { "@context": unknown })["@context"]);
    }
  };
  for (const document of shipped.values()) walk(document["@context"]);
  return terms;
}

let terms: Set<string> | undefined;

/**
 * The property names of a credential that none of the shipped contexts defines (JSON-LD would drop
 * them silently), with their paths; empty for a well-formed credential. Values of `@context` and
 * JSON-LD keywords are not terms.
 */
export function undefinedTerms(value: unknown, path = ""): string[] {
  terms ??= definedTerms();
  if (Array.isArray(value)) return value.flatMap((item, i) => undefinedTerms(item, `${path}[${i}]`));
  if (!value || typeof value !== "object") return [];
  const found: string[] = [];
  for (const [key, item] of Object.entries(value as Record<string, unknown>)) {
    if (key === "@context") continue;
    const at = path ? `${path}.${key}` : key;
    if (!key.startsWith("@") && !terms.has(key)) found.push(at);
    found.push(...undefinedTerms(item, at));
  }
  return found;
}
