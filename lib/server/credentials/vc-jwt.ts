import { SignJWT, type CryptoKey } from "jose";
import { SIGNING_ALG } from "./signing-key";

/** The media type of a credential secured as a JWT (W3C VC-JOSE-COSE). */
export const VC_JWT_MEDIA_TYPE = "application/vc+jwt";

export interface UnsignedCredential {
  "@context": string[];
  id: string;
  type: string[];
  issuer: string | { id: string; [member: string]: unknown };
  validFrom: string;
  [member: string]: unknown;
}

export function issuerIdOf(credential: object): string | undefined {
  const issuer = (credential as { issuer?: unknown }).issuer;
  if (typeof issuer === "string") return issuer;
  const id = (issuer as { id?: unknown } | undefined)?.id;
  return typeof id === "string" ? id : undefined;
}

/**
 * Secures a credential as a VC-JWT (Open Badges 3.0 section 8.2): the credential is the JWT's payload,
 * with iss (the issuer's id), jti (the credential's id) and nbf (validFrom) beside it; the protected
 * header names the key (kid) and typ vc+jwt. EdDSA signatures are deterministic, so the same
 * credential and key give the same bytes every time.
 */
export async function signCredential(credential: UnsignedCredential, privateKey: CryptoKey, kid: string): Promise<string> {
  const issuer = issuerIdOf(credential);
  if (!issuer) throw new Error("A credential needs an issuer id to be signed.");
  return new SignJWT({ ...credential })
    .setProtectedHeader({ alg: SIGNING_ALG, kid, typ: "vc+jwt" })
    .setIssuer(issuer)
    .setJti(credential.id)
    .setNotBefore(Math.floor(Date.parse(credential.validFrom) / 1000))
    .sign(privateKey);
}
