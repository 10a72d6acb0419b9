import { inProcessApiFetch } from "@/lib/server/api/in-process-client";

export const dynamic = "force-dynamic";

// GET /.well-known/did.json: where verifiers of certificate credentials look for it; the API's GET /api/.well-known/did.json answers
export const GET = (request: Request) => inProcessApiFetch(new Request(new URL("/api/.well-known/did.json", request.url), { headers: request.headers }));
