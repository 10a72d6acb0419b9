import "server-only";
import * as t from "@/lib/server/db/schema";
import type * as s from "../schema";
import { excluded, type ContentIds, type Tx } from "./rows";

/** Companies, matched by key. */
export async function writeCompanies(tx: Tx, companies: s.CompanyInput[], ids: ContentIds): Promise<void> {
  if (!companies.length) return;
  const rows = await tx
    .insert(t.companies)
    .values(
      companies.map((x) => ({
        key: x.key,
        name: x.name,
        hostPattern: x.hostPattern,
        logoUrl: x.logoUrl,
        logoDarkUrl: x.logoDarkUrl ?? null,
        loginBackgroundUrl: x.loginBackgroundUrl ?? null,
      })),
    )
    .onConflictDoUpdate({
      target: t.companies.key,
      set: {
        name: excluded(t.companies.name),
        hostPattern: excluded(t.companies.hostPattern),
        logoUrl: excluded(t.companies.logoUrl),
        logoDarkUrl: excluded(t.companies.logoDarkUrl),
        loginBackgroundUrl: excluded(t.companies.loginBackgroundUrl),
      },
    })
    .returning({ id: t.companies.id, key: t.companies.key });
  for (const r of rows) ids.companies.set(r.key, r.id);
}
