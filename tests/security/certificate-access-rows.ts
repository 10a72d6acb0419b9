import { expect } from "vitest";
import {
  generateCertificates,
  getPublicCertificate,
  listCertificates,
  getCertificateStatus,
  getIssuerDidDocument,
  getIssuerJwks,
  reissueCertificate,
  revokeCertificate,
} from "@/lib/contract/calls/certificates";
import { certificates } from "@/lib/server/db/schema";
import { fx } from "./course-access-rows";
import type { AccessCtx as Ctx, AccessRow as Row } from "./access-row";

/**
 * Access-matrix rows of the certificate calls. learnerA holds a certificate of the course of
 * course-access-rows.ts; learnerB holds none. A learner's list and issuing are always the caller's
 * own; the public view of a certificate is open to anyone and tells only what its share page shows.
 */

const cert = { uid: "AccessMatrixCertificate0000" };

/** Gives learnerA a certificate of the access-matrix course. */
export async function prepareCertificateAccess(ctx: Ctx) {
  await ctx.t.db.insert(certificates).values({
    uid: cert.uid,
    userId: ctx.ids.learnerA,
    kind: "course",
    courseId: fx.courseId,
    versionId: fx.versionId,
    issuerName: "SkillGrow",
    recipientName: "Learner A Printed Name",
    title: "Access Matrix Course",
    videoSeconds: 2400,
    issuedAt: new Date(),
  });
}

/** Nothing identifying learnerA's account: no e-mail, no user id, no session token. */
const nothingOfTheAccount = (ctx: Ctx, body: unknown) => {
  const text = JSON.stringify(body);
  for (const actor of ["learnerA", "learnerB", "grader", "admin"] as const) {
    expect(text).not.toContain(ctx.emails[actor]);
    expect(text).not.toContain(ctx.ids[actor]);
    expect(text).not.toContain(ctx.tokens[actor]);
  }
};

const byUid = (certificateUID: string) => () => ({ query: { certificateUID } });

export const certificateAccessRows: Row[] = [
  {
    call: listCertificates,
    as: "learnerA",
    owner: "own",
    status: 200,
    check: (_ctx, body) => expect(body.filter((c: { certificateUID: string | null }) => c.certificateUID).map((c: { certificateUID: string }) => c.certificateUID)).toEqual([cert.uid]),
  },
  { call: listCertificates, as: "learnerB", owner: "other", status: 200, check: (_ctx, body) => expect(JSON.stringify(body)).not.toContain(cert.uid) },
  { call: listCertificates, as: "anonymous", owner: "other", status: 401 },
  // Issuing is for the caller: learnerB issues nothing of learnerA's.
  { call: generateCertificates, as: "learnerB", owner: "other", status: 200, check: (_ctx, body) => expect(body.certificates).toEqual([]) },
  { call: generateCertificates, as: "learnerA", owner: "own", status: 200, check: (_ctx, body) => expect(body.certificates).toEqual([]) },
  { call: generateCertificates, as: "anonymous", owner: "other", status: 401 },
  // The share page's data: anyone, and the same for everyone; only what the page shows.
  ...(["anonymous", "learnerB", "learnerA"] as const).map<Row>((as) => ({
    call: getPublicCertificate,
    as,
    owner: as === "learnerA" ? "own" : "other",
    input: byUid(cert.uid),
    status: 200,
    check: (ctx, body) => {
      expect(body).toMatchObject({ certificateUID: cert.uid, userName: "Learner A Printed Name", courseName: "Access Matrix Course" });
      nothingOfTheAccount(ctx, body);
    },
  })),
  { call: getPublicCertificate, as: "anonymous", owner: "other", input: byUid("NoSuchCertificate0000000000"), status: 404 },
  { call: getCertificateStatus, as: "anonymous", owner: "other", input: byUid(cert.uid), status: 200, check: (ctx, body) => (expect(body.status).toBe("active"), nothingOfTheAccount(ctx, body)) },
  { call: getCertificateStatus, as: "learnerB", owner: "other", input: byUid("NoSuchCertificate0000000000"), status: 404 },
  // An administrator's decisions (the other roles' 403 rows come from the contract). Reissuing a valid certificate changes nothing.
  { call: reissueCertificate, as: "admin", owner: "other", input: () => ({ body: { certificateUID: cert.uid } }), status: 200, check: (_ctx, body) => expect(body).toMatchObject({ status: "active", revokedAt: null }) },
  { call: revokeCertificate, as: "admin", owner: "other", input: () => ({ body: { certificateUID: "NoSuchCertificate0000000000" } }), status: 404 },
  ...[revokeCertificate, reissueCertificate].map<Row>((call) => ({ call, as: "anonymous", owner: "other", input: () => ({ body: { certificateUID: cert.uid } }), status: 401 })),
  // What verifiers read: public keys only, never the private part.
  ...[getIssuerJwks, getIssuerDidDocument].map<Row>((call) => ({
    call,
    as: "anonymous",
    owner: "other",
    status: 200,
    check: (_ctx, body) => expect(JSON.stringify(body)).not.toMatch(/"d"\s*:/),
  })),
];
