import "server-only";
import { Hono } from "hono";
import * as calls from "@/lib/contract/calls/studio-companies";
import { createCompany, deleteCompany, getCompany, listCompanies, updateCompany } from "../../services/studio-companies";
import { route, type ApiEnv } from "../route";

export const studioCompaniesRouter = new Hono<ApiEnv>();

// GET /studio/companies: every company by name (administrators)
route(studioCompaniesRouter, calls.listCompanies, ({ deps }) => listCompanies(deps));

// POST /studio/companies: makes a company (administrators; audited)
route(studioCompaniesRouter, calls.createCompany, ({ deps, user, body }) => createCompany(deps, user, body));

// GET /studio/company: one company (administrators)
route(studioCompaniesRouter, calls.getCompany, ({ deps, query }) => getCompany(deps, query));

// PATCH /studio/company: changes a company's name, host pattern or images (administrators; audited)
route(studioCompaniesRouter, calls.updateCompany, ({ deps, user, body }) => updateCompany(deps, user, body));

// POST /studio/company/delete: deletes a company nobody belongs to (administrators; audited)
route(studioCompaniesRouter, calls.deleteCompany, ({ deps, user, body }) => deleteCompany(deps, user, body));
