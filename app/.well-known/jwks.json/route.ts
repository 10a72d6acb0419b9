import { inProcessApiFetch } from "@/lib/server/api/in-process-client";

export const dynamic = "force-dynamic";

// GET /.well-known/jwks.json: where verifiers of certificate credentials look for it; the API's GET /api/.well-known/jwks.json answers
export const GET = (request: Request) => inProcessApiFetch(new Request(new URL("/api/.well-known/jwks.json", request.url), { headers: request.headers }));
