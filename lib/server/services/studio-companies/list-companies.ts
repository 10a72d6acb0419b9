import "server-only";
import { asc } from "drizzle-orm";
import { companies } from "../../db/schema";
import type { Deps } from "../../deps";
import { companyView } from "./company-view";

/** Every company, by name (a platform has tens, not thousands: the list is not paged). */
export async function listCompanies(deps: Deps) {
  const rows = await deps.db.select().from(companies).orderBy(asc(companies.name), asc(companies.key));
  return { companies: rows.map(companyView) };
}
