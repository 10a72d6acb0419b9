import * as s from "@/lib/server/content/schema";

// Every field of every content file, read from the importer's own zod schema, so that a test can
// check that nothing the importer reads is missing (from the export, from docs/content-format.md).

/** The importer's schema of each kind of file. */
export const contentFileSchemas = {
  "domains.yaml": s.domainsFile,
  "companies.yaml": s.companiesFile,
  "users.yaml": s.usersFile,
  "courses/*.yaml": s.course,
  "programs.yaml": s.programsFile,
  "meetings.yaml": s.meetingsFile,
  "career-services.yaml": s.careerServicesFile,
} as const;

interface Def {
  type: string;
  shape?: Record<string, unknown>;
  element?: unknown;
  options?: unknown[];
  innerType?: unknown;
  in?: unknown;
  out?: unknown;
}
const defOf = (schema: unknown) => (schema as { _zod: { def: Def } })._zod.def;

/**
 * The paths of every field a schema accepts, like "versions[].chapters[].title" (a list's items add
 * "[]"); an item's kinds are fields too ("...items[].video.source").
 */
export function fieldPaths(schema: unknown, prefix = ""): string[] {
  const def = defOf(schema);
  switch (def.type) {
    case "object":
      return Object.entries(def.shape!).flatMap(([name, field]) => {
        const here = prefix ? `${prefix}.${name}` : name;
        return [here, ...fieldPaths(field, here)];
      });
    case "array":
      return fieldPaths(def.element, `${prefix}[]`);
    case "union":
      return [...new Set(def.options!.flatMap((o) => fieldPaths(o, prefix)))];
    case "pipe":
      return [...new Set([...fieldPaths(def.in, prefix), ...fieldPaths(def.out, prefix)])];
    case "optional":
    case "nullable":
    case "default":
    case "prefault":
    case "nonoptional":
    case "readonly":
    case "catch":
      return fieldPaths(def.innerType, prefix);
    default:
      return [];
  }
}

/** The last name of a field path: "versions[].chapters[].title" gives "title". */
export const fieldName = (p: string) => p.split(".").at(-1)!.replace(/\[\]$/, "");

/** The field paths a parsed file holds, in the same notation ("[]" for a list's items). */
export function pathsOf(value: unknown, prefix = ""): Set<string> {
  const out = new Set<string>();
  if (Array.isArray(value)) for (const x of value) for (const p of pathsOf(x, `${prefix}[]`)) out.add(p);
  else if (value !== null && typeof value === "object" && !(value instanceof Date))
    for (const [k, v] of Object.entries(value)) {
      const here = prefix ? `${prefix}.${k}` : k;
      out.add(here);
      for (const p of pathsOf(v, here)) out.add(p);
    }
  return out;
}
