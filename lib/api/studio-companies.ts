import { queryOptions } from "@tanstack/react-query";
import type { HttpClient } from "./client";
import type { CallBody, CallResponse } from "@/lib/contract/call";
import * as calls from "./call-routes";
import { callApi, http as browserHttp } from "./client";

// The studio's company calls (docs/companies.md), for administrators.

export const studioCompaniesQueries = {
  all: ["studio", "companies"] as const,
  listCompanies: (client: HttpClient = browserHttp) => queryOptions({ queryKey: ["studio", "companies", "list"], queryFn: () => callApi(calls.listCompanies, {}, client) }),
  getCompany: (id: string, client: HttpClient = browserHttp) =>
    queryOptions({ queryKey: ["studio", "companies", "company", id], queryFn: () => callApi(calls.getCompany, { query: { id } }, client), retry: false }),
};

export type StudioCompany = CallResponse<typeof calls.getCompany>["company"];

export const createCompany = (body: CallBody<typeof calls.createCompany>) => callApi(calls.createCompany, { body });

export const updateCompany = (body: CallBody<typeof calls.updateCompany>) => callApi(calls.updateCompany, { body });

export const deleteCompany = (body: CallBody<typeof calls.deleteCompany>) => callApi(calls.deleteCompany, { body });
