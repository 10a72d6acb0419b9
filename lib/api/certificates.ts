import { queryOptions } from "@tanstack/react-query";
import type { HttpClient } from "./client";
import { generateCertificates, getCertificateById, getCertificates } from "./call-routes";
import { callApi, http as browserHttp } from "./client";

// The /certificates page prefetches with the pages' client (lib/server/page-calls.ts); the browser uses its own.
export const certificateQueries = {
  list: (client: HttpClient = browserHttp) =>
    queryOptions({ queryKey: ["certificates", "list"], staleTime: 30_000, queryFn: () => callApi(getCertificates, {}, client) }),
};

/** One certificate as its public page shows it (anyone may ask). */
export const fetchPublicCertificate = (certificateUID: string, client: HttpClient = browserHttp) =>
  callApi(getCertificateById, { query: { certificateUID } }, client);

/** Issues the certificates the learner has earned and not received. */
export const issueEarnedCertificates = (client: HttpClient = browserHttp) => callApi(generateCertificates, {}, client);
