import "server-only";
import { domainName } from "@/lib/contract/common";
import * as t from "@/lib/server/db/schema";
import { slugify } from "@/lib/slug";
import type * as s from "../schema";
import { updateChanged, type ContentIds, type Tx } from "./rows";

/** Domains: always the spec's seven, with the slugs of domains.yaml where it gives one. */
export async function writeDomains(tx: Tx, entries: s.DomainEntry[], ids: ContentIds): Promise<void> {
  const domainRows = domainName.options.map((name) => ({ name, slug: slugify(name) }));
  for (const e of entries) {
    if (typeof e !== "string" && e.slug) domainRows.find((d) => d.name === e.name)!.slug = e.slug;
  }
  const existingDomains = await tx.select().from(t.domains);
  for (const d of domainRows) {
    const ex = existingDomains.find((r) => r.name === d.name);
    if (ex) {
      await updateChanged(tx, t.domains, ex, { slug: d.slug });
      ids.domains.set(d.name, ex.id);
    } else {
      const [row] = await tx.insert(t.domains).values(d).returning({ id: t.domains.id });
      ids.domains.set(d.name, row!.id);
    }
  }
}
