import { getIssuerDidDocument } from "@/lib/contract/calls/certificates";
import { anonymousCallAnswer } from "@/lib/server/page-calls";

export const dynamic = "force-dynamic";

// GET /.well-known/did.json: where verifiers of certificate credentials look for it; answered as the API's GET /api/.well-known/did.json
export const GET = () => anonymousCallAnswer(getIssuerDidDocument);
