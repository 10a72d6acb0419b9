// What a company's host pattern and images must be (docs/companies.md). Pure code: read by the
// server (the contract's check) and by the browser (the studio's form says so as it is typed).

const MB = 1024 * 1024;
/** The largest logo (and dark logo) a company may have: it is loaded by every page of its host. */
export const COMPANY_LOGO_MAX_BYTES = 1 * MB;
/** The largest login background: the image upload's own limit. */
export const COMPANY_BACKGROUND_MAX_BYTES = 5 * MB;

const LABEL = /^[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?$/;

/**
 * Why a host pattern cannot be stored, in words naming what is wrong; null when it can. A pattern is a
 * host name (`learn.acme.com`) or a leading wildcard for its sub-domains (`*.acme.com`): lower case, no
 * scheme, path or port (the port is ignored when matching).
 */
export function hostPatternProblem(pattern: string): string | null {
  const shown = JSON.stringify(pattern.slice(0, 100));
  if (!pattern) return "hostPattern must not be empty";
  if (pattern.length > 253) return "hostPattern must be at most 253 characters";
  if (/^[a-z][a-z0-9+.-]*:\/\//i.test(pattern)) return `hostPattern ${shown} must be a host name without a scheme: leave out "${pattern.slice(0, pattern.indexOf("://") + 3)}"`;
  if (/[/?#]/.test(pattern)) return `hostPattern ${shown} must be a host name without a path: leave out everything from "${pattern[pattern.search(/[/?#]/)]}"`;
  if (pattern.includes(":")) return `hostPattern ${shown} must not name a port: the port is ignored when matching`;
  if (/\s/.test(pattern)) return `hostPattern ${shown} must not hold spaces`;
  if (pattern !== pattern.toLowerCase()) return `hostPattern ${shown} must be lower-case (${JSON.stringify(pattern.toLowerCase())})`;
  const wildcard = pattern.startsWith("*.");
  const host = wildcard ? pattern.slice(2) : pattern;
  if (host.includes("*")) return `hostPattern ${shown} may hold "*" only as its first label, as in "*.example.com"`;
  const labels = host.split(".");
  if (!labels.every((label) => LABEL.test(label)))
    return `hostPattern ${shown} is not a host name: each part between dots must be 1 to 63 letters, digits or "-", not starting or ending with "-"`;
  if (/^\d+$/.test(labels.at(-1)!)) return `hostPattern ${shown} must be a host name, not an IP address`;
  return null;
}
