import "server-only";
import type { Deps } from "../../deps";
import { companyView, findCompany } from "./company-view";

/** One company, or 404 company_not_found. */
export async function getCompany(deps: Deps, query: { id: string }) {
  return { company: companyView(await findCompany(deps, query.id)) };
}
