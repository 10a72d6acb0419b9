import "server-only";
import path from "node:path/posix";
import { XMLParser, XMLValidator } from "fast-xml-parser";
import { ScormPackageError } from "./package-error";

/** The SCORM versions a package may be written for. */
export type ScormVersion = "1.2" | "2004-3rd" | "2004-4th";

/** What the platform takes from a package's imsmanifest.xml. */
export interface ScormManifest {
  version: ScormVersion;
  /** The organization's title, else the manifest's identifier. */
  title: string | null;
  /** The launch file's path inside the package, with no query string. */
  launchPath: string;
  /** The href's query and fragment joined with the item's parameters ("?lang=en"), handed to the launch file when it is opened. */
  launchQuery: string;
  /** SCORM 1.2's adlcp:masteryscore (0-100) or SCORM 2004's imsss:minNormalizedMeasure (0-1, as a percent); null when absent. */
  masteryPercent: number | null;
}

type Node = Record<string, unknown>;

const asNodes = (v: unknown): Node[] => (Array.isArray(v) ? v : v === undefined || v === null ? [] : [v]).filter((x): x is Node => typeof x === "object" && x !== null);
const predefinedEntities: Record<string, string> = { lt: "<", gt: ">", amp: "&", quot: '"', apos: "'" };

/**
 * XML's five predefined entities and character references ("&amp;", "&#8211;") as the characters
 * they stand for. The parser leaves entities alone so that a DOCTYPE cannot declare any; the
 * values read here are decoded one by one.
 */
function decodeEntities(text: string): string {
  return text.replace(/&(?:#(\d+)|#x([0-9a-fA-F]+)|(lt|gt|amp|quot|apos));/g, (whole, dec?: string, hex?: string, name?: string) => {
    if (name) return predefinedEntities[name]!;
    const code = dec ? Number(dec) : parseInt(hex!, 16);
    return code > 0 && code <= 0x10ffff && (code < 0xd800 || code > 0xdfff) ? String.fromCodePoint(code) : whole;
  });
}

const attr = (n: Node | undefined, name: string): string | undefined => {
  const v = n?.[`@_${name}`];
  return typeof v === "string" ? decodeEntities(v.trim()) : undefined;
};
const textOf = (v: unknown): string | undefined => {
  const raw = typeof v === "string" ? v : v && typeof v === "object" && typeof (v as Node)["#text"] === "string" ? ((v as Node)["#text"] as string) : undefined;
  return raw?.trim() ? decodeEntities(raw.trim()) : undefined;
};

const parser = new XMLParser({
  ignoreAttributes: false,
  attributeNamePrefix: "@_",
  // "adlcp:scormtype" and "adlcp:scormType", "xml:base": read by their local names.
  removeNSPrefix: true,
  parseTagValue: false,
  processEntities: false,
  isArray: (name) => ["organization", "item", "resource", "file"].includes(name),
});

/** The version a manifest is written for: its schemaversion, else the ADL namespaces it declares. */
function detectVersion(xml: string, schemaversion: string | undefined): ScormVersion {
  const sv = schemaversion?.toLowerCase().replace(/\s+/g, " ");
  if (sv === "1.2") return "1.2";
  if (sv?.includes("4th")) return "2004-4th";
  if (sv?.includes("2004") || sv === "cam 1.3") return "2004-3rd";
  const namespaces = [...xml.matchAll(/xmlns(?::[\w.-]+)?\s*=\s*["']([^"']+)["']/g)].map((m) => m[1]!.toLowerCase());
  if (namespaces.some((ns) => ns.includes("adlcp_rootv1p2") || ns.includes("imscp_rootv1p1p2"))) return "1.2";
  if (namespaces.some((ns) => ns.includes("adlcp_v1p3") || ns.includes("imsss") || ns.includes("adlseq_v1p3"))) return "2004-3rd";
  throw new ScormPackageError(
    "manifestInvalid",
    `imsmanifest.xml does not say which SCORM version it follows: its metadata has no schemaversion ("1.2", "2004 3rd Edition" or "2004 4th Edition") and it declares no ADL namespace.`,
  );
}

/** Depth-first, the first item that names a resource. */
function firstLaunchItem(items: Node[]): Node | undefined {
  for (const item of items) {
    if (attr(item, "identifierref")) return item;
    const inner = firstLaunchItem(asNodes(item.item));
    if (inner) return inner;
  }
  return undefined;
}

/**
 * A path inside the package from the xml:base folders (of <manifest>, <resources>, <resource>) and
 * an href, or null when it would leave the package (a URL, an absolute path, "..").
 */
function resolveInPackage(bases: string[], href: string): string | null {
  const parts = [...bases, href];
  if (parts.some((p) => /^[a-z][a-z0-9+.-]*:/i.test(p) || p.startsWith("/") || p.includes("\\"))) return null;
  const joined = path.normalize(path.join(...parts));
  if (joined.startsWith("../") || joined === ".." || joined.startsWith("/")) return null;
  return joined;
}

/**
 * What follows the launch file's path: the href's own query and fragment, joined with the item's
 * `parameters` as SCORM's content aggregation model says: a leading "?" or "&" of the parameters
 * is dropped and they are added to the query with "?" or "&"; a fragment is kept once, at the end.
 */
function launchQueryOf(hrefRest: string, parameters: string | undefined): string {
  const split = (s: string): [string, string] => {
    const at = s.indexOf("#");
    return at === -1 ? [s, ""] : [s.slice(0, at), s.slice(at)];
  };
  const [query, fragment] = split(hrefRest);
  const [paramQuery, paramFragment] = split(parameters?.trim() ?? "");
  const added = paramQuery.replace(/^[?&]+/, "");
  const joined = added ? (query && query !== "?" ? `${query}&${added}` : `?${added}`) : query;
  return joined + (fragment || paramFragment);
}

function safeDecode(p: string): string {
  try {
    return decodeURIComponent(p);
  } catch {
    return p;
  }
}

/**
 * Reads imsmanifest.xml: refuses text that is not well-formed XML or not a manifest, detects the
 * SCORM version, and finds the launch file (the default organization's first item's resource, or
 * without organizations the first SCO resource). `findFile` gives the package's own path for a
 * path the manifest names, or undefined when the package holds no such file, which refuses it.
 */
export function readManifest(xml: string, findFile: (path: string) => string | undefined): ScormManifest {
  const valid = XMLValidator.validate(xml);
  if (valid !== true) {
    throw new ScormPackageError("manifestNotXml", `imsmanifest.xml is not well-formed XML: ${valid.err.msg} (line ${valid.err.line}, column ${valid.err.col}).`);
  }
  const doc = parser.parse(xml) as Node;
  const manifest = asNodes(doc.manifest)[0];
  if (!manifest) throw new ScormPackageError("manifestInvalid", "imsmanifest.xml has no <manifest> element at its root.");

  const metadata = asNodes(manifest.metadata)[0];
  const version = detectVersion(xml, textOf(metadata?.schemaversion));

  const organizations = asNodes(manifest.organizations)[0];
  const orgList = asNodes(organizations?.organization);
  const defaultId = attr(organizations, "default");
  const organization = orgList.find((o) => attr(o, "identifier") === defaultId) ?? orgList[0];

  const resourcesNode = asNodes(manifest.resources)[0];
  const resources = asNodes(resourcesNode?.resource);
  const item = organization ? firstLaunchItem(asNodes(organization.item)) : undefined;

  let resource: Node | undefined;
  if (item) {
    const ref = attr(item, "identifierref");
    resource = resources.find((r) => attr(r, "identifier") === ref);
    if (!resource) throw new ScormPackageError("launchMissing", `imsmanifest.xml: the first item of the organization refers to the resource "${ref}", which the manifest does not define.`);
  } else {
    resource = resources.find((r) => (attr(r, "scormtype") ?? attr(r, "scormType") ?? "").toLowerCase() === "sco" && attr(r, "href"));
    if (!resource) throw new ScormPackageError("launchMissing", "imsmanifest.xml names nothing to launch: no organization item refers to a resource, and no resource is a SCO with an href.");
  }
  const href = attr(resource, "href");
  if (!href) throw new ScormPackageError("launchMissing", `imsmanifest.xml: the launch resource "${attr(resource, "identifier")}" has no href naming its launch file.`);

  const [fileRef = "", ...rest] = href.split(/(?=[?#])/);
  const launchQuery = launchQueryOf(rest.join(""), attr(item, "parameters"));
  const bases = [attr(manifest, "base"), attr(resourcesNode, "base"), attr(resource, "base")].filter((b): b is string => !!b);
  const resolved = resolveInPackage(bases.map(safeDecode), safeDecode(fileRef));
  const launchPath = resolved === null ? undefined : findFile(resolved);
  if (!launchPath) {
    const named = bases.map((b) => b.replace(/\/?$/, "/")).join("") + fileRef;
    throw new ScormPackageError("launchMissing", `imsmanifest.xml launches "${named}", but the package holds no such file.`);
  }

  const masteryText = version === "1.2" ? textOf(item?.masteryscore) : minNormalizedMeasure(item, manifest);
  const mastery = masteryText === undefined ? NaN : Number(masteryText);
  const masteryPercent = Number.isFinite(mastery) ? (version === "1.2" ? mastery : mastery * 100) : NaN;

  return {
    version,
    title: textOf(organization?.title) ?? attr(manifest, "identifier") ?? null,
    launchPath,
    launchQuery,
    masteryPercent: Number.isFinite(masteryPercent) && masteryPercent >= 0 && masteryPercent <= 100 ? masteryPercent : null,
  };
}

const primaryObjective = (sequencing: Node | undefined): Node | undefined =>
  asNodes(sequencing?.objectives).flatMap((objectives) => asNodes(objectives.primaryObjective))[0];

/**
 * SCORM 2004's pass threshold: the item's imsss:sequencing (or the sequencingCollection entry its
 * IDRef names) > objectives > primaryObjective satisfiedByMeasure="true" > minNormalizedMeasure,
 * which IMS Simple Sequencing defaults to 1.0 when the objective is satisfied by measure without it.
 */
function minNormalizedMeasure(item: Node | undefined, manifest: Node): string | undefined {
  const sequencing = asNodes(item?.sequencing)[0];
  const ref = attr(sequencing, "IDRef");
  const shared = ref ? asNodes(asNodes(manifest.sequencingCollection)[0]?.sequencing).find((s) => attr(s, "ID") === ref) : undefined;
  const primary = primaryObjective(sequencing) ?? primaryObjective(shared);
  const byMeasure = attr(primary, "satisfiedByMeasure");
  if (!primary || (byMeasure !== "true" && byMeasure !== "1")) return undefined;
  return textOf(primary.minNormalizedMeasure) ?? "1";
}
