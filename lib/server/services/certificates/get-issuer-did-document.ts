import "server-only";
import { didDocument } from "../../credentials/issuer";
import type { Deps } from "../../deps";
import { issuerKeySet } from "./certificate-credential";

/** GET /.well-known/did.json: the issuer's did:web document, naming the same keys. */
export const getIssuerDidDocument = async (deps: Deps) => didDocument(await issuerKeySet(deps));
