import { apiListener } from "@/lib/server/api/mount";

// The API when Next routes it (`next dev`, `next start`, and any /api request server.mjs hands Next):
// a Pages Router API route hands Hono Node's own request and response, through the same adapter as
// the standalone server (see node-listener.ts). An App Router route handler costs about three times
// as much of Next per request, and drops the Content-Encoding of an answer the API keeps already
// compressed (docs/architecture.md, "How /api is served").
export const config = {
  api: {
    // Hono reads the body itself (JSON limit, uploads); Next does not parse it first.
    bodyParser: false,
    // The answer is written by the adapter after this function's promise settles.
    externalResolver: true,
    // The course tree and stored files may be large; the API sets its own limits.
    responseLimit: false,
  },
};

export default apiListener();
