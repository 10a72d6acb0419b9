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
  /** What follows the launch file's path in its href ("?lang=en"), handed to it when it is opened. */
  launchQuery: string;
  /** SCORM 1.2's adlcp:masteryscore (0-100) or SCORM 2004's imsss:minNormalizedMeasure (0-1, as a percent); null when absent. */
  masteryPercent: number | null;
}

type Node = Record<string, unknown>;

const asNodes = (v: unknown): Node[] => (Array.isArray(v) ? v : v === undefined || v === null ? [] : [v]).filter((x): x is Node => typeof x === "object" && x !== null);
const attr = (n: Node | undefined, name: string): string | undefined => {
  const v = n?.[`@_${name}`];
  return typeof v === "string" ? v.trim() : undefined;
};
const textOf = (v: unknown): string | undefined => {
  if (typeof v === "string") return v.trim() || undefined;
  if (v && typeof v === "object" && typeof (v as Node)["#text"] === "string") return ((v as Node)["#text"] as string).trim() || undefined;
  return undefined;
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

/** A path inside the package from a base and an href, or null when it would leave the package. */
function resolveInPackage(base: string, href: string): string | null {
  if (/^[a-z][a-z0-9+.-]*:/i.test(href) || href.startsWith("/") || href.includes("\\")) return null;
  const joined = path.normalize(path.join(base, href));
  if (joined.startsWith("../") || joined === ".." || joined.startsWith("/")) return null;
  return joined;
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
 * without organizations the first SCO resource). `hasFile` says whether the package holds a path;
 * a launch file it does not hold refuses the package.
 */
export function readManifest(xml: string, hasFile: (path: string) => boolean): ScormManifest {
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
  const launchQuery = rest.join("") + (attr(item, "parameters") ?? "");
  const base = (attr(resourcesNode, "base") ?? "") + (attr(resource, "base") ?? "");
  const launchPath = resolveInPackage(base, safeDecode(fileRef));
  if (!launchPath || !hasFile(launchPath)) {
    throw new ScormPackageError("launchMissing", `imsmanifest.xml launches "${base}${fileRef}", but the package holds no such file.`);
  }

  const masteryText = version === "1.2" ? textOf(item?.masteryscore) : minNormalizedMeasure(item);
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

/** SCORM 2004's pass threshold: imsss:sequencing > objectives > primaryObjective[satisfiedByMeasure] > minNormalizedMeasure. */
function minNormalizedMeasure(item: Node | undefined): string | undefined {
  const primary = asNodes(asNodes(asNodes(item?.sequencing)[0]?.objectives)[0]?.primaryObjective)[0];
  if (!primary || attr(primary, "satisfiedByMeasure") !== "true") return undefined;
  return textOf(primary.minNormalizedMeasure);
}
