import { queryOptions } from "@tanstack/react-query";
import type { HttpClient } from "./client";
import * as calls from "./call-routes";
import { callApi, http as browserHttp } from "./client";

// The /certificates page prefetches with the pages' client (lib/server/page-calls.ts); the browser uses its own.
export const certificatesQueries = {
  listCertificates: (client: HttpClient = browserHttp) =>
    queryOptions({ queryKey: ["certificates", "list"], staleTime: 30_000, queryFn: () => callApi(calls.listCertificates, {}, client) }),
};

/** One certificate as its public page shows it (anyone may ask). */
export const getPublicCertificate = (certificateUID: string, client: HttpClient = browserHttp) =>
  callApi(calls.getPublicCertificate, { query: { certificateUID } }, client);

/** Issues the certificates the learner has earned and not received. */
export const generateCertificates = (client: HttpClient = browserHttp) => callApi(calls.generateCertificates, {}, client);
