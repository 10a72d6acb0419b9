import { z } from "zod";
import { defineCall } from "../call";
import { dryRunField, pageQuery } from "../fields";
import { email, plan, preferredLanguage, userKind, userRole, uuid } from "../common";

// The studio's people calls (docs/people.md): administrators list, add, import, edit, deactivate and
// invite people, and read the audit log of every studio write.

export const personStatuses = ["active", "deactivated"] as const;
export const invitationStates = ["queued", "sent", "failed"] as const;
/** The columns of a people CSV file, in the template's order. */
export const PEOPLE_CSV_COLUMNS = ["email", "name", "userKind", "plan", "batch", "role", "preferredLanguage", "accessExpiry"] as const;

const personStatus = z.enum(personStatuses, { error: `status must be one of ${personStatuses.join(", ")}` });
const name = z
  .string({ error: "name must be text" })
  .trim()
  .min(1, "name must not be empty")
  .max(200, "name must be at most 200 characters")
  .describe("The person's full name");
const batchKeys = z
  .array(z.string({ error: "batches must hold batch keys" }).trim().min(1, "a batch key must not be empty").max(100, "a batch key is at most 100 characters"), {
    error: "batches must be a list of batch keys",
  })
  .max(50, "batches holds at most 50 batches")
  .describe("Keys of the batches the person belongs to");
const accessExpiresAt = z.iso
  .datetime({ offset: true, error: "accessExpiresAt must be an ISO 8601 date and time, like 2027-01-31T00:00:00Z" })
  .nullable()
  .describe("When the person's access ends (they can no longer sign in or use a session); null: no end");

export const personInvitation = z
  .object({
    state: z.enum(invitationStates).describe("queued: waiting to be sent or being retried; sent: the mail server accepted it; failed: given up on"),
    reason: z.string().nullable().describe("Why it failed, or why its last try was deferred (the mail server's reply)"),
    at: z.string().describe("When it was queued, or sent when it was (ISO 8601)"),
  })
  .meta({ id: "PersonInvitation" });

export const studioPerson = z
  .object({
    id: z.string(),
    email: z.string(),
    name: z.string(),
    userKind,
    plan,
    role: userRole,
    preferredLanguage,
    batches: z.array(z.string()).describe("Keys of the person's batches"),
    accessExpiresAt: z.string().nullable().describe("When the person's access ends (ISO 8601); null: no end"),
    status: personStatus,
    deactivatedAt: z.string().nullable(),
    createdAt: z.string(),
    invitation: personInvitation.nullable().describe("The last invitation e-mail an administrator or operator sent; null: never invited"),
  })
  .meta({ id: "StudioPerson" });

export const listPeople = defineCall({
  method: "GET",
  group: "",
  path: "/studio/people",
  summary:
    "People, by e-mail, with search and filters. A page ends at `limit` people; `nextCursor` asks for the next page (no total is counted). For administrators only.",
  access: "admin",
  query: z.object({
    search: z.string().trim().max(200, "search is at most 200 characters").optional().describe("Part of a name or e-mail"),
    userKind: z.enum(userKind.options, { error: `userKind must be one of ${userKind.options.join(", ")}` }).optional(),
    plan: z.enum(plan.options, { error: `plan must be one of ${plan.options.join(", ")}` }).optional(),
    role: z.enum(userRole.options, { error: `role must be one of ${userRole.options.join(", ")}` }).optional(),
    batch: z.string().trim().min(1, "batch must not be empty").max(100, "batch is at most 100 characters").optional().describe("A batch's key"),
    status: personStatus.optional(),
    ...pageQuery(),
  }),
  response: z.object({
    people: z.array(studioPerson),
    hasMore: z.boolean().describe("Whether more people match after this page"),
    nextCursor: z.string().nullable().describe("Give as `cursor` for the next page; null on the last page"),
  }),
});

export const getPerson = defineCall({
  method: "GET",
  group: "",
  path: "/studio/person",
  summary: "One person with their batches and invitation. For administrators only.",
  access: "admin",
  query: z.object({ id: uuid.describe("The person's id") }),
  response: z.object({ person: studioPerson }),
  errors: ["person_not_found"],
});

export const createPerson = defineCall({
  method: "POST",
  group: "",
  path: "/studio/people",
  summary: "Adds one person and, unless `invite` is false, e-mails them an invitation (a sign-in link valid for 7 days). For administrators only.",
  access: "admin",
  status: 201,
  body: z.object({
    email: email.describe("The person's e-mail (stored lower-cased)"),
    name,
    userKind: userKind.default("Customer"),
    plan: plan.default("Basic"),
    role: userRole.default("learner"),
    preferredLanguage: preferredLanguage.default("English"),
    batches: batchKeys.default([]),
    accessExpiresAt: accessExpiresAt.default(null),
    invite: z.boolean({ error: "invite must be true or false" }).default(true).describe("Whether to e-mail an invitation now"),
  }),
  response: z.object({ person: studioPerson }),
  errors: ["email_taken", "unknown_batch", "person_not_found"],
});

export const updatePerson = defineCall({
  method: "PATCH",
  group: "",
  path: "/studio/person",
  summary:
    "Changes a person's name, plan, kind, role, language, access end or batches, or deactivates (every session ends, no sign-in; records stay) or reactivates them. For administrators only.",
  access: "admin",
  body: z.object({
    id: uuid.describe("The person's id"),
    name: name.optional(),
    userKind: userKind.optional(),
    plan: plan.optional(),
    role: userRole.optional(),
    preferredLanguage: preferredLanguage.optional(),
    batches: batchKeys.optional().describe("The person's batches from now on (replaces the list)"),
    accessExpiresAt: accessExpiresAt.optional(),
    status: personStatus.optional(),
  }),
  response: z.object({ person: studioPerson }),
  errors: ["person_not_found", "unknown_batch", "own_account"],
});

export const resendInvitation = defineCall({
  method: "POST",
  group: "",
  path: "/studio/person/invitation",
  summary: "E-mails the person a new invitation (a sign-in link valid for 7 days). For administrators only.",
  access: "admin",
  body: z.object({ id: uuid.describe("The person's id") }),
  response: z.object({ person: studioPerson }),
  errors: ["person_not_found", "person_deactivated"],
});

export const importProblem = z
  .object({
    line: z.number().int().nullable().describe("The file's line the problem is on (1: the header); null for the whole file"),
    message: z.string().describe("What is wrong, naming the column"),
  })
  .meta({ id: "PeopleImportProblem" });

export const importPeople = defineCall({
  method: "POST",
  group: "",
  path: "/studio/people/import",
  summary:
    "Imports people from a CSV file (field `file`; columns email,name,userKind,plan,batch,role,preferredLanguage,accessExpiry). With dryRun=true only checks it. A file with any bad row writes nothing: a dry run lists every problem, an import answers 422 people_import_invalid with the list in `details.problems`. Each new person is e-mailed an invitation. For administrators only.",
  access: "admin",
  bodyFormat: "multipart",
  body: z.object({
    dryRun: dryRunField,
  }),
  response: z.object({
    dryRun: z.boolean(),
    rows: z.number().int().describe("Rows of people in the file"),
    created: z.number().int().describe("People added (a dry run: who would be)"),
    invited: z.number().int().describe("Invitations queued (a dry run: 0)"),
    problems: z.array(importProblem).describe("Every problem found; empty when the file is good"),
  }),
  errors: ["people_import_invalid"],
});

export const getPeopleImportTemplate = defineCall({
  method: "GET",
  group: "",
  path: "/studio/people/import-template.csv",
  summary: "A CSV file with the import's header and two example rows. For administrators only.",
  access: "admin",
  responseFormat: "csv",
  response: z.string().describe("text/csv"),
});

export const auditEntry = z
  .object({
    id: z.string(),
    at: z.string().describe("When (ISO 8601)"),
    kind: z.string().describe("What was done, e.g. person.update or course.publish"),
    summary: z.string(),
    actor: z.object({ id: z.string(), email: z.string(), name: z.string() }).nullable().describe("Who did it; null: an operator command, or a user since deleted"),
    targetUserId: z.string().nullable().describe("The person a people write changed"),
    target: z.object({ id: z.string(), email: z.string(), name: z.string() }).nullable().describe("That person's e-mail and name; null when the write changed no person, or they were since deleted"),
    courseId: z.string().nullable().describe("The course a content write changed"),
    before: z.unknown().nullable(),
    after: z.unknown().nullable(),
  })
  .meta({ id: "AuditEntry" });

export const listAudit = defineCall({
  method: "GET",
  group: "",
  path: "/studio/audit",
  summary:
    "The studio's audit log (append-only), newest first, filtered by who did it, whom it changed, kind and dates; a page ends at `limit` entries and `nextCursor` asks for the next. For administrators only.",
  access: "admin",
  query: z.object({
    actor: uuid.optional().describe("Only writes by this user"),
    target: uuid.optional().describe("Only writes that changed this person"),
    kind: z.string().trim().min(1, "kind must not be empty").max(100, "kind is at most 100 characters").optional().describe("e.g. person.update"),
    from: z.iso.datetime({ offset: true, error: "from must be an ISO 8601 date and time" }).optional().describe("Only writes at or after this time"),
    to: z.iso.datetime({ offset: true, error: "to must be an ISO 8601 date and time" }).optional().describe("Only writes before this time"),
    ...pageQuery({ max: 200 }),
  }),
  response: z.object({ entries: z.array(auditEntry), hasMore: z.boolean(), nextCursor: z.string().nullable() }),
});

export const exportPerson = defineCall({
  method: "GET",
  group: "",
  path: "/studio/person/export",
  summary:
    "Everything the platform holds about one person, as a zip file: a JSON file per kind of record (profile, batches, enrollments, progress, attempts, essays and their grades, certificates, badges, sign-ins, changes made to them) and the files they uploaded. Recorded in the audit log (`person.export`). For administrators only.",
  access: "admin",
  responseFormat: "zip",
  query: z.object({ id: uuid.describe("The person's id") }),
  response: z.string().describe("application/zip"),
  errors: ["person_not_found"],
});

export const deletePerson = defineCall({
  method: "POST",
  group: "",
  path: "/studio/person/delete",
  summary:
    "Deletes a person on request: their personal data is erased (name, e-mail, essays' text and files, sign-ins, career-services record) and their records kept without it; their certificates' public pages answer 410; the audit log keeps that it happened (`person.delete`) and erases what its entries recorded of them. Cannot be undone. For administrators only.",
  access: "admin",
  body: z.object({
    id: uuid.describe("The person's id"),
    confirmEmail: z.string({ error: "confirmEmail must be text" }).trim().min(1, "confirmEmail: type the person's e-mail to confirm").describe("The person's e-mail, typed again to confirm"),
  }),
  response: z.object({ id: z.string(), deletedAt: z.string().describe("When (ISO 8601)") }),
  errors: ["person_not_found", "own_account"],
});

const count = (label: string, max: number) =>
  z.number({ error: `${label} must be a number` }).int(`${label} must be a whole number`).min(0, `${label} must not be negative`).max(max, `${label} must be at most ${max}`);
const day = (label: string) => z.iso.datetime({ offset: true, error: `${label} must be an ISO 8601 date and time` });
const interviews = (label: string) =>
  z
    .object({ granted: count(`${label}.granted`, 1000), used: count(`${label}.used`, 1000) })
    .refine((v) => v.used <= v.granted, { path: ["used"], message: `${label}.used must not be more than granted` });

/** A learner's career-services record as an administrator keeps it: the same fields as career-services.yaml. */
export const studioCareerServices = z
  .object({
    hasAccess: z.boolean({ error: "hasAccess must be true or false" }).describe("Whether the learner has career services (their page shows the figures)"),
    csetAttemptsAllowed: count("csetAttemptsAllowed", 100).describe("Attempts at the eligibility test allowed in all"),
    csetAttempts: z
      .array(z.object({ takenAt: day("takenAt"), result: z.enum(["pass", "fail"], { error: "result must be pass or fail" }) }))
      .max(100, "csetAttempts holds at most 100 attempts")
      .describe("Every attempt taken"),
    mockInterviews: interviews("mockInterviews").describe("Mock interviews granted and held"),
    clientInterviews: interviews("clientInterviews").describe("Client interviews granted and held"),
    offers: z
      .array(
        z.object({
          company: z.string({ error: "company must be text" }).trim().min(1, "company must not be empty").max(200, "company is at most 200 characters"),
          role: z.string({ error: "role must be text" }).trim().min(1, "role must not be empty").max(200, "role is at most 200 characters"),
          receivedAt: day("receivedAt"),
        }),
      )
      .max(100, "offers holds at most 100 offers"),
  })
  .refine((v) => v.csetAttempts.length <= v.csetAttemptsAllowed, { path: ["csetAttempts"], message: "csetAttempts holds more attempts than csetAttemptsAllowed" });

export const getPersonCareerServices = defineCall({
  method: "GET",
  group: "",
  path: "/studio/person/career-services",
  summary: "A person's career-services record (eligibility-test attempts, interviews, offers) and whether they have the services. For administrators only.",
  access: "admin",
  query: z.object({ id: uuid.describe("The person's id") }),
  response: z.object({ careerServices: studioCareerServices, updatedAt: z.string().nullable().describe("When the record last changed; null: none kept yet") }),
  errors: ["person_not_found"],
});

export const updatePersonCareerServices = defineCall({
  method: "PUT",
  group: "",
  path: "/studio/person/career-services",
  summary:
    "Replaces a person's career-services record (as an import of career-services.yaml does) and whether they have the services; recorded in the audit log (`person.career-services`). For administrators only.",
  access: "admin",
  body: z.object({ id: uuid.describe("The person's id"), careerServices: studioCareerServices }),
  response: z.object({ careerServices: studioCareerServices, updatedAt: z.string().nullable() }),
  errors: ["person_not_found"],
});

export const personTimedBlock = z
  .object({
    blockId: z.string(),
    kind: z.enum(["mcqBlock", "essayBlock"]),
    title: z.string(),
    courseId: z.string(),
    courseName: z.string(),
    chapterTitle: z.string(),
    durationInMinutes: z.number().int().describe("The block's own minutes per attempt"),
    extraMinutes: z.number().int().describe("Minutes granted to the person on top, for each attempt they start"),
    attemptsAllowed: z.number().int().nullable().describe("The block's own attempts (an essay: 1); null: unlimited"),
    extraAttempts: z.number().int().describe("Attempts granted to the person on top"),
    attemptsUsed: z.number().int(),
    runningDeadlineAt: z.string().nullable().describe("The deadline of the attempt running now (ISO 8601); null when none runs"),
  })
  .meta({ id: "PersonTimedBlock" });

export const listPersonTimedBlocks = defineCall({
  method: "GET",
  group: "",
  path: "/studio/person/timed-blocks",
  summary:
    "A person's timed blocks (multiple-choice blocks and essays of the course versions they are enrolled in), in course order, with attempts used and allowed, grants and the running attempt's deadline. For administrators only.",
  access: "admin",
  query: z.object({
    id: uuid.describe("The person's id"),
    ...pageQuery({ cursorMax: 800 }),
  }),
  response: z.object({
    blocks: z.array(personTimedBlock),
    hasMore: z.boolean(),
    nextCursor: z.string().nullable(),
  }),
  errors: ["person_not_found"],
});

const grantCount = (field: string, max: number) =>
  z
    .number({ error: `${field} must be a number` })
    .int(`${field} must be a whole number`)
    .min(1, `${field} must be at least 1`)
    .max(max, `${field} is at most ${max}`)
    .optional();

export const grantTimedBlock = defineCall({
  method: "POST",
  group: "",
  path: "/studio/person/timed-block-grant",
  summary:
    "Gives a person more attempts at a multiple-choice block and/or more minutes per attempt at a timed block (the running attempt's deadline moves too), with a reason; recorded in the audit log. For administrators only.",
  access: "admin",
  body: z.object({
    id: uuid.describe("The person's id"),
    blockId: uuid.describe("The multiple-choice block's or essay's id"),
    extraAttempts: grantCount("extraAttempts", 20).describe("More attempts (multiple-choice blocks only)"),
    extraMinutes: grantCount("extraMinutes", 600).describe("More minutes for each attempt from now on, and for the running one"),
    reason: z
      .string({ error: "reason is required: say why" })
      .trim()
      .min(1, "reason is required: say why")
      .max(500, "reason is at most 500 characters")
      .describe("Why, kept in the audit log"),
  }),
  response: z.object({ block: personTimedBlock }),
  errors: ["person_not_found", "block_not_found", "not_enrolled"],
});
