import "server-only";
import { domainName } from "@/lib/contract/common";
import * as t from "@/lib/server/db/schema";
import { slugify } from "@/lib/slug";
import type { Tx } from "../writers/rows";

/** An entry of domains.yaml: the name alone when its slug is the usual one, else the name and its slug. */
export type ContentDomain = string | { name: string; slug: string };

/** The domains as domains.yaml lists them, in the spec's order (the reverse of writers/domains.ts). */
export async function readDomains(tx: Tx): Promise<ContentDomain[]> {
  const rows = await tx.select({ name: t.domains.name, slug: t.domains.slug }).from(t.domains);
  const slugs = new Map(rows.map((r) => [r.name, r.slug]));
  return domainName.options.map((name) => {
    const slug = slugs.get(name);
    return slug === undefined || slug === slugify(name) ? name : { name, slug };
  });
}
