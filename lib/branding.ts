/** What the shell shows of a company: its logos and the login page's background. */
export interface Branding {
  /** The company's key, or null for the product's own brand. */
  key: string | null;
  name: string;
  logoUrl: string | null;
  logoDarkUrl: string | null;
  loginBackgroundUrl: string | null;
}

export interface CompanyBrand {
  key: string;
  name: string;
  hostPattern: string;
  logoUrl: string;
  logoDarkUrl: string | null;
  loginBackgroundUrl: string | null;
}

export const DEFAULT_BRANDING: Branding = { key: null, name: "SkillGrow", logoUrl: null, logoDarkUrl: null, loginBackgroundUrl: null };

const LABEL = /^[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?$/;

/**
 * The host name of a Host header: lower-cased, without port or trailing dot. Anything that is not a
 * plain DNS name (IP literals, user info, paths, odd characters, over-long names) gives null, so the
 * caller falls back to the default brand.
 */
export function normalizeHost(header: string | null | undefined): string | null {
  if (typeof header !== "string") return null;
  let host = header.trim().toLowerCase();
  if (!host || host.length > 300) return null;
  if (host.startsWith("[")) return null;
  const colon = host.lastIndexOf(":");
  if (colon !== -1) {
    const port = host.slice(colon + 1);
    if (!/^\d{0,5}$/.test(port)) return null;
    host = host.slice(0, colon);
  }
  if (host.endsWith(".")) host = host.slice(0, -1);
  if (!host || host.length > 253) return null;
  const labels = host.split(".");
  if (!labels.every((label) => LABEL.test(label))) return null;
  return host;
}

/** "demo.localhost" matches itself only; "*.example.com" matches any sub-domain of example.com, not example.com itself. */
export function hostMatchesPattern(host: string, pattern: string): boolean {
  const p = pattern.trim().toLowerCase();
  if (p.startsWith("*.")) {
    const suffix = p.slice(1);
    return host.length > suffix.length && host.endsWith(suffix);
  }
  return host === p;
}

/** The company whose pattern matches the Host header; an exact name wins over a wildcard, a longer wildcard over a shorter one. */
export function findCompanyForHost<C extends Pick<CompanyBrand, "hostPattern">>(hostHeader: string | null | undefined, companies: readonly C[]): C | null {
  const host = normalizeHost(hostHeader);
  if (!host) return null;
  let best: C | null = null;
  let bestScore = -1;
  for (const company of companies) {
    if (!hostMatchesPattern(host, company.hostPattern)) continue;
    const score = company.hostPattern.startsWith("*.") ? company.hostPattern.length : Number.MAX_SAFE_INTEGER;
    if (score > bestScore) {
      best = company;
      bestScore = score;
    }
  }
  return best;
}

export function brandingForHost(hostHeader: string | null | undefined, companies: readonly CompanyBrand[]): Branding {
  const company = findCompanyForHost(hostHeader, companies);
  if (!company) return DEFAULT_BRANDING;
  return {
    key: company.key,
    name: company.name,
    logoUrl: company.logoUrl,
    logoDarkUrl: company.logoDarkUrl,
    loginBackgroundUrl: company.loginBackgroundUrl,
  };
}
