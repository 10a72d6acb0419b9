/**
 * How a package's files are named in the file store. Store keys allow only letters, digits, ".",
 * "-" and "_" in a segment, while packages name files freely ("Story Content/slide 1.png"); each
 * segment is written with every other byte (and "_" itself) as "_" and two hex digits, so the
 * mapping is one-to-one and a request path maps to exactly one key.
 */
const plain = /[A-Za-z0-9.-]/;

export function encodeSegment(segment: string): string {
  let out = "";
  for (const ch of segment) {
    if (plain.test(ch)) out += ch;
    else for (const byte of new TextEncoder().encode(ch)) out += `_${byte.toString(16).padStart(2, "0")}`;
  }
  return out;
}

/** The folder of a stored package: scorm/<the package's id>. */
export const packageFolder = (packageId: string) => `scorm/${packageId}`;

/** The store key of a file of a package, or null when the path is not a plain relative path. */
export function packageFileKey(packageId: string, filePath: string): string | null {
  const parts = filePath.split("/");
  if (parts.some((p) => p === "" || p === "." || p === ".." || p.includes("\\") || p.includes("\0"))) return null;
  return `${packageFolder(packageId)}/${parts.map(encodeSegment).join("/")}`;
}
