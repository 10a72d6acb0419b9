import "server-only";
import { jwksDocument } from "../../credentials/issuer";
import type { Deps } from "../../deps";
import { issuerKeySet } from "./certificate-credential";

/** GET /.well-known/jwks.json: the public keys certificate credentials are signed with. */
export const getIssuerJwks = async (deps: Deps) => jwksDocument(await issuerKeySet(deps));
