import { z } from "zod";
import { defineCall } from "../call";
import { successBody } from "../common";
import { certificate } from "../entities";
import { idOf } from "../fields";

// Certificates: the learner's list, one by its UID, issuing.

export const getCertificates = defineCall({
  method: "GET",
  group: "/course",
  path: "/getCertificates",
  summary: "The learner's certificates, issued and still to earn.",
  access: "learner",
  served: false,
  response: z.array(certificate),
});

export const getCertificateById = defineCall({
  method: "GET",
  group: "/course",
  path: "/getCertificateById",
  summary: "One issued certificate, by the public id in its share link.",
  access: "learner",
  served: false,
  query: z.object({ certificateUID: idOf("certificateUID") }),
  response: certificate,
});

export const generateCertificates = defineCall({
  method: "POST",
  group: "/dashboard",
  path: "/generateCertificates",
  summary: "Issues the certificates the learner has earned and not yet received. Calling it again issues nothing twice.",
  access: "learner",
  served: false,
  response: successBody.extend({
    certificates: z.array(certificate).describe("The certificates issued by this call; empty when none were due"),
  }),
});
