import "server-only";
import { brandingForHost, DEFAULT_BRANDING, type Branding, type CompanyBrand } from "@/lib/branding";
import type { Db } from "../../db/client";
import { companies } from "../../db/schema";

// Every page asks for its brand, and companies change only when content is imported or an
// administrator saves one in the studio. The list (a platform has tens of companies: one short
// statement) is kept for BRAND_CACHE_MS per database, so every process, however many there are and
// whichever wrote the change (another web process, the API process, a content import), shows a
// change within that time; a studio write also forgets it at once in its own process
// (forgetCompanyBrands). A version check on every page would cost a statement per page for a list
// that changes a few times a year; a few seconds' expiry costs one short read per process every few
// seconds and needs no other moving part (docs/companies.md, "Taking effect"). The cache lives on
// the process's globals: Next may load this module in several bundles (the pages', the API route's),
// and a write through the API must reach the copy the pages read.
export const BRAND_CACHE_MS = 5_000;
const CACHE_MS = BRAND_CACHE_MS;
type BrandCache = WeakMap<Db, { at: number; list: Promise<CompanyBrand[]> }>;
const holder = globalThis as unknown as { __companyBrands?: BrandCache };
const cache: BrandCache = (holder.__companyBrands ??= new WeakMap());

export async function listCompanyBrands(db: Db, now = Date.now()): Promise<CompanyBrand[]> {
  const hit = cache.get(db);
  if (hit && now - hit.at < CACHE_MS) return hit.list;
  const list = db
    .select({
      key: companies.key,
      name: companies.name,
      hostPattern: companies.hostPattern,
      logoUrl: companies.logoUrl,
      logoDarkUrl: companies.logoDarkUrl,
      loginBackgroundUrl: companies.loginBackgroundUrl,
    })
    .from(companies);
  cache.set(db, { at: now, list });
  list.catch(() => cache.delete(db));
  return list;
}

/** The brand of the company whose host pattern matches the Host header; the product's own brand for any other, malformed or missing host, or when the list cannot be read. */
export async function getBranding(db: Db, hostHeader: string | null | undefined, now = Date.now()): Promise<Branding> {
  try {
    return brandingForHost(hostHeader, await listCompanyBrands(db, now));
  } catch (err) {
    console.error(JSON.stringify({ level: "error", msg: "company branding unavailable", err: String(err) }));
    return DEFAULT_BRANDING;
  }
}

/** Forgets the cached list, after a studio write changed the companies: the next request reads them again. */
export function forgetCompanyBrands(db: Db) {
  cache.delete(db);
}
