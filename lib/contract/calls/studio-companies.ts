import { z } from "zod";
import { defineCall } from "../call";
import { uuid } from "../common";
import { hostPatternProblem } from "../company-rules";

// The studio's company calls (docs/companies.md): administrators list, make and change companies,
// whose host pattern picks the brand (logos, login background) a visitor of that host sees.

const companyKey = z
  .string({ error: "key must be text" })
  .trim()
  .min(1, "key must not be empty")
  .max(100, "key must be at most 100 characters")
  .regex(/^[A-Za-z0-9][A-Za-z0-9_-]*$/, "key may only hold letters, digits, '-' and '_', and must start with a letter or digit")
  .describe("The company's stable key (as in companies.yaml and the people CSV's company column); it cannot change once made");
const companyName = z.string({ error: "name must be text" }).trim().min(1, "name must not be empty").max(200, "name must be at most 200 characters");
const hostPattern = z
  .string({ error: "hostPattern must be text" })
  .trim()
  .superRefine((value, ctx) => {
    const problem = hostPatternProblem(value);
    if (problem) ctx.addIssue({ code: "custom", message: problem });
  })
  .describe('A host name ("learn.acme.com") or a leading wildcard for its sub-domains ("*.acme.com"); lower case, without scheme, path or port');
const imageUrl = (field: string) =>
  z
    .string({ error: `${field} must be text` })
    .trim()
    .min(1, `${field} must not be empty`)
    .max(1000, `${field} must be at most 1000 characters`)
    .describe(`The address of an image uploaded in the studio (/api/files/media/{id}/original.png), or the one the company has`);

export const studioCompany = z
  .object({
    id: z.string(),
    key: z.string(),
    name: z.string(),
    hostPattern: z.string().describe("The host name, or *.domain for its sub-domains, whose visitors see this company's brand"),
    logoUrl: z.string().describe("The logo's address"),
    logoDarkUrl: z.string().nullable().describe("The logo shown in dark mode; null: the logo"),
    loginBackgroundUrl: z.string().nullable().describe("The sign-in page's background; null: none"),
    createdAt: z.string(),
  })
  .meta({ id: "StudioCompany" });

export const listCompanies = defineCall({
  method: "GET",
  group: "",
  path: "/studio/companies",
  summary: "Every company by name, with its host pattern and images (not paged: a platform has tens). For administrators only.",
  access: "admin",
  response: z.object({ companies: z.array(studioCompany) }),
});

export const getCompany = defineCall({
  method: "GET",
  group: "",
  path: "/studio/company",
  summary: "One company. For administrators only.",
  access: "admin",
  query: z.object({ id: uuid.describe("The company's id") }),
  response: z.object({ company: studioCompany }),
  errors: ["company_not_found"],
});

export const createCompany = defineCall({
  method: "POST",
  group: "",
  path: "/studio/companies",
  summary:
    "Makes a company. Its host pattern must be one no other company has, and a wildcard must match no other company's host; its images must be images uploaded in the studio (logos up to 1 MB, the background up to 5 MB). For administrators only.",
  access: "admin",
  status: 201,
  body: z.object({
    key: companyKey,
    name: companyName,
    hostPattern,
    logoUrl: imageUrl("logoUrl"),
    logoDarkUrl: imageUrl("logoDarkUrl").nullable().default(null),
    loginBackgroundUrl: imageUrl("loginBackgroundUrl").nullable().default(null),
  }),
  response: z.object({ company: studioCompany }),
  errors: ["company_key_taken", "company_host_pattern_taken", "company_image_invalid"],
});

export const updateCompany = defineCall({
  method: "PATCH",
  group: "",
  path: "/studio/company",
  summary: "Changes a company's name, host pattern or images (its key stays). The next request to its host shows the change. For administrators only.",
  access: "admin",
  body: z.object({
    id: uuid.describe("The company's id"),
    name: companyName.optional(),
    hostPattern: hostPattern.optional(),
    logoUrl: imageUrl("logoUrl").optional(),
    logoDarkUrl: imageUrl("logoDarkUrl").nullable().optional().describe("null removes the dark logo"),
    loginBackgroundUrl: imageUrl("loginBackgroundUrl").nullable().optional().describe("null removes the background"),
  }),
  response: z.object({ company: studioCompany }),
  errors: ["company_not_found", "company_host_pattern_taken", "company_image_invalid"],
});

export const deleteCompany = defineCall({
  method: "POST",
  group: "",
  path: "/studio/company/delete",
  summary:
    "Deletes a company nobody belongs to: no person in it and no certificate issued under its brand; a company in use is refused with 409 company_in_use saying why. Its host then shows the product's own name. For administrators only.",
  access: "admin",
  body: z.object({ id: uuid.describe("The company's id") }),
  response: z.object({ deleted: z.literal(true) }),
  errors: ["company_not_found", "company_in_use"],
});
