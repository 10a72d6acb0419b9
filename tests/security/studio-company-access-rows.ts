import { eq } from "drizzle-orm";
import { expect } from "vitest";
import { createCompany, deleteCompany, getCompany, listCompanies, updateCompany } from "@/lib/contract/calls/studio-companies";
import { companies } from "@/lib/server/db/schema";
import { refusedToNonAdmins, type AccessCtx, type AccessRow as Row } from "./access-row";

/**
 * Access-matrix rows of the studio's company calls: only administrators list, make and change
 * companies (host branding); learners, graders and authors are refused (403) before anything is read
 * or written, visitors asked to sign in (401). The administrator's writes name a company or an image
 * no one has, so the matrix's data stays as it is.
 */
const NO_COMPANY = "00000000-0000-4000-8000-0000000c0a11";
const NO_IMAGE = `/api/files/media/00000000-0000-4000-8000-0000000c0a12/original.png`;
const newCompany = { key: "matrix-company", name: "Matrix company", hostPattern: "matrix.example.test", logoUrl: NO_IMAGE };

const inputs: [Row["call"], (ctx: AccessCtx) => { query?: Record<string, string>; body?: unknown }][] = [
  [listCompanies, () => ({})],
  [getCompany, () => ({ query: { id: NO_COMPANY } })],
  [createCompany, () => ({ body: newCompany })],
  [updateCompany, () => ({ body: { id: NO_COMPANY, name: "Renamed" } })],
  [deleteCompany, () => ({ body: { id: NO_COMPANY } })],
];

const matrixCompany = async (ctx: AccessCtx) => (await ctx.t.db.select().from(companies).where(eq(companies.key, "matrix-company"))).length;

export const studioCompanyAccessRows: Row[] = [
  { call: listCompanies, as: "admin", owner: "other", status: 200, check: (_ctx, body: { companies: unknown[] }) => expect(Array.isArray(body.companies)).toBe(true) },
  { call: getCompany, as: "admin", owner: "other", input: () => ({ query: { id: NO_COMPANY } }), status: 404 },
  { call: createCompany, as: "admin", owner: "other", input: () => ({ body: newCompany }), status: 400, check: async (ctx) => expect(await matrixCompany(ctx)).toBe(0) },
  { call: updateCompany, as: "admin", owner: "other", input: () => ({ body: { id: NO_COMPANY, name: "Renamed" } }), status: 404 },
  { call: deleteCompany, as: "admin", owner: "other", input: () => ({ body: { id: NO_COMPANY } }), status: 404 },
  ...refusedToNonAdmins(inputs, async (ctx) => { expect(await matrixCompany(ctx)).toBe(0); }),
];
