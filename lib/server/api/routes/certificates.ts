import "server-only";
import { Hono } from "hono";
import * as calls from "@/lib/contract/calls/certificates";
import { generateCertificates, getCertificateCredential, getCertificateStatus, getIssuerDidDocument, getIssuerJwks, getPublicCertificate, listCertificates, reissueCertificate, revokeCertificate, signedStatusList } from "../../services/certificates";
import { VC_JWT_MEDIA_TYPE } from "../../credentials/vc-jwt";
import { route, type ApiEnv } from "../route";

export const certificatesRouter = new Hono<ApiEnv>();

// What verifiers fetch may be cached a little; a revocation shows within this many seconds.
const PUBLISHED = "public, max-age=60";

// GET /course/getCertificates: the learner's certificates, issued and still to earn
route(certificatesRouter, calls.listCertificates, ({ deps, user }) => listCertificates(deps, user));

// GET /course/getCertificateById: one certificate as its public share page shows it, to anyone
route(certificatesRouter, calls.getPublicCertificate, ({ deps, query }) => getPublicCertificate(deps, query.certificateUID));

// GET /course/getCertificateStatus: active or revoked, to anyone
route(certificatesRouter, calls.getCertificateStatus, ({ deps, query }) => getCertificateStatus(deps, query.certificateUID));

// POST /dashboard/generateCertificates: issues the certificates the learner has earned and not received
route(certificatesRouter, calls.generateCertificates, ({ deps, user }) => generateCertificates(deps, user));

// POST /course/certificate/revoke and /reissue: an administrator's decision about an issued certificate
route(certificatesRouter, calls.revokeCertificate, ({ deps, body }) => revokeCertificate(deps, body.certificateUID, body.reason ?? null));
route(certificatesRouter, calls.reissueCertificate, ({ deps, body }) => reissueCertificate(deps, body.certificateUID));

// GET /.well-known/jwks.json: the keys certificate credentials are signed with
route(certificatesRouter, calls.getIssuerJwks, ({ deps }) => getIssuerJwks(deps), { cacheControl: PUBLISHED });

// GET /.well-known/did.json: the issuer's did:web document
route(certificatesRouter, calls.getIssuerDidDocument, ({ deps }) => getIssuerDidDocument(deps), { cacheControl: PUBLISHED });

// GET /certificates/status-list: the signed revocation status list (W3C Bitstring Status List) every credential points to
certificatesRouter.get("/certificates/status-list", async (c) => {
  const jwt = await signedStatusList(c.get("deps"));
  return c.body(jwt, 200, { "Content-Type": VC_JWT_MEDIA_TYPE, "Cache-Control": PUBLISHED });
});

// GET /certificates/{certificateUID}/credential: the signed Open Badges 3.0 credential (VC-JWT), as a download
certificatesRouter.get("/certificates/:uid/credential", async (c) => {
  const { jwt, filename } = await getCertificateCredential(c.get("deps"), c.req.param("uid"));
  return c.body(jwt, 200, {
    "Content-Type": VC_JWT_MEDIA_TYPE,
    "Content-Disposition": `attachment; filename="${filename}"`,
    "Cache-Control": "no-cache",
  });
});
