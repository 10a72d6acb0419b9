import "server-only";
import { brandingForHost, DEFAULT_BRANDING, type Branding, type CompanyBrand } from "@/lib/branding";
import type { Db } from "../../db/client";
import { companies } from "../../db/schema";

// Every page asks for its brand, and companies change only when content is imported or an
// administrator saves one in the studio: the list is read at most once a minute per database, and a
// studio write forgets it at once (forgetCompanyBrands). The cache lives on the process's globals:
// Next may load this module in several bundles (the pages', the API route's), and a write through
// the API must reach the copy the pages read.
const CACHE_MS = 60_000;
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
