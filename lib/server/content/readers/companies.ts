import "server-only";
import { asc } from "drizzle-orm";
import * as t from "@/lib/server/db/schema";
import type { Tx } from "../writers/rows";
import { sortByText } from "./order";

export interface ContentCompany {
  key: string;
  name: string;
  hostPattern: string;
  logoUrl: string;
  logoDarkUrl?: string;
  loginBackgroundUrl?: string;
}

/** The companies as companies.yaml lists them, by key (the reverse of writers/companies.ts). */
export async function readCompanies(tx: Tx): Promise<ContentCompany[]> {
  const rows = await tx.select().from(t.companies).orderBy(asc(t.companies.key));
  return sortByText(rows, (c) => c.key).map((c) => ({
    key: c.key,
    name: c.name,
    hostPattern: c.hostPattern,
    logoUrl: c.logoUrl,
    ...(c.logoDarkUrl === null ? {} : { logoDarkUrl: c.logoDarkUrl }),
    ...(c.loginBackgroundUrl === null ? {} : { loginBackgroundUrl: c.loginBackgroundUrl }),
  }));
}
