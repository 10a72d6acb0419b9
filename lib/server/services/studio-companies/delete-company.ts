import "server-only";
import { eq, sql } from "drizzle-orm";
import { recordAudit } from "../../domain/audit";
import { certificates, companies, users } from "../../db/schema";
import type { Deps } from "../../deps";
import type { User } from "../../domain/user";
import { ApiError } from "../../errors";
import { forgetCompanyBrands } from "../shell";
import { findCompany, snapshotOf, type CompanyAuditRow } from "./company-view";

const plural = (n: number, one: string, many = `${one}s`) => `${n} ${n === 1 ? one : many}`;

/**
 * Deletes a company nobody belongs to, with its audit row: one made by mistake, or a customer gone.
 * A company in use is refused (409 company_in_use, saying why): one with people (their header and
 * certificates carry its brand), or under whose brand certificates were issued (their public pages
 * show its logo). Once deleted, its host shows the product's own name: the brand cache is forgotten.
 */
export async function deleteCompany(deps: Deps, actor: User, input: { id: string }) {
  const row = await findCompany(deps, input.id);
  const now = deps.now();
  await deps.db.transaction(async (tx) => {
    // The company's row is locked first, so a person put in it meanwhile waits and then finds it gone.
    await tx.select({ id: companies.id }).from(companies).where(eq(companies.id, row.id)).for("update");
    const [use] = await tx
      .select({
        people: sql<number>`(select count(*)::int from ${users} where ${users.companyId} = ${row.id})`,
        certificates: sql<number>`(select count(*)::int from ${certificates} where ${certificates.companyId} = ${row.id})`,
      })
      .from(sql`(select 1) as one`);
    const people = Number(use!.people);
    const issued = Number(use!.certificates);
    if (people || issued) {
      const why = [
        people ? `${plural(people, "person belongs", "people belong")} to it` : "",
        issued ? `${plural(issued, "certificate was", "certificates were")} issued under its brand` : "",
      ]
        .filter(Boolean)
        .join(", and ");
      throw new ApiError(409, "company_in_use", `The company ${row.key} is in use: ${why}. Only a company nobody belongs to can be deleted.`, {}, { key: row.key, people, certificates: issued });
    }
    await tx.delete(companies).where(eq(companies.id, row.id));
    await recordAudit<CompanyAuditRow>(tx, { actorId: actor.id, action: "company.delete", summary: `Deleted the company ${row.key}`, before: snapshotOf(row), after: null, at: now });
  });
  forgetCompanyBrands(deps.db);
  return { deleted: true as const };
}
