import { z } from "zod";
import { defineCall } from "../call";
import { dryRunField, pageQuery } from "../fields";
import { uuid } from "../common";

// The studio's batch calls (docs/batches.md): administrators list, create and change batches (cohorts
// that take a program together) and their members, one by one or from a CSV file of e-mails.

/** The enrollment types of a batch (docs/enrollment.md), as stored. */
export const batchEnrollmentTypes = ["System (Auto enroll)", "Customer (Scheduled and Optional)", "No Auto Enrollment"] as const;
/** The one column of a batch members CSV file. */
export const BATCH_MEMBERS_CSV_COLUMNS = ["email"] as const;

const batchKey = z
  .string({ error: "key must be text" })
  .trim()
  .min(1, "key must not be empty")
  .max(100, "key must be at most 100 characters")
  .regex(/^[A-Za-z0-9][A-Za-z0-9_-]*$/, "key may only hold letters, digits, '-' and '_', and must start with a letter or digit")
  .describe("The batch's stable key (as in programs.yaml and the people CSV's batch column); it cannot change once made");
const batchName = z.string({ error: "name must be text" }).trim().min(1, "name must not be empty").max(200, "name must be at most 200 characters");
const enrollmentType = z.enum(batchEnrollmentTypes, { error: `enrollmentType must be one of ${batchEnrollmentTypes.join(", ")}` });
const dateTime = (field: string) =>
  z.iso.datetime({ offset: true, error: `${field} must be an ISO 8601 date and time, like 2027-01-31T00:00:00Z` }).nullable();

export const studioBatch = z
  .object({
    id: z.string(),
    key: z.string(),
    name: z.string(),
    program: z.object({ id: z.string(), key: z.string(), name: z.string() }).nullable().describe("The program the batch takes; null: its program was deleted"),
    enrollmentType,
    startsAt: z.string().nullable().describe("When the batch starts (ISO 8601); null: not set"),
    accountExpiresAt: z.string().nullable().describe("When the members' access through this batch ends (ISO 8601); null: no end"),
    allowManualVideoCompletion: z.boolean().describe("Whether members may mark a video complete by hand"),
    memberCount: z.number().int(),
    createdAt: z.string(),
  })
  .meta({ id: "StudioBatch" });

export const batchMember = z
  .object({ id: z.string(), email: z.string(), name: z.string(), addedAt: z.string().describe("When they joined the batch (ISO 8601)") })
  .meta({ id: "BatchMember" });

export const listBatches = defineCall({
  method: "GET",
  group: "",
  path: "/studio/batches",
  summary: "Batches by key, each with its program, enrollment type, dates and member count. A page ends at `limit` batches; `nextCursor` asks for the next (no total is counted). For administrators only.",
  access: "admin",
  query: z.object({
    ...pageQuery(),
  }),
  response: z.object({ batches: z.array(studioBatch), hasMore: z.boolean(), nextCursor: z.string().nullable() }),
});

export const listBatchPrograms = defineCall({
  method: "GET",
  group: "",
  path: "/studio/batches/programs",
  summary: "The programs a batch may take, by name. For administrators only.",
  access: "admin",
  response: z.object({ programs: z.array(z.object({ id: z.string(), key: z.string(), name: z.string() })) }),
});

export const getBatch = defineCall({
  method: "GET",
  group: "",
  path: "/studio/batch",
  summary: "One batch and a page of its members by e-mail (`limit`, then `nextCursor` for the next), those whose name or e-mail holds `search` when it is given. For administrators only.",
  access: "admin",
  query: z.object({
    id: uuid.describe("The batch's id"),
    search: z.string().trim().max(200, "search is at most 200 characters").optional().describe("Part of a member's name or e-mail"),
    ...pageQuery({ max: 200 }),
  }),
  response: z.object({ batch: studioBatch, members: z.array(batchMember), hasMore: z.boolean(), nextCursor: z.string().nullable() }),
  errors: ["batch_not_found"],
});

export const createBatch = defineCall({
  method: "POST",
  group: "",
  path: "/studio/batches",
  summary: "Makes a batch of a program. Its access end must come after its start. For administrators only.",
  access: "admin",
  status: 201,
  body: z.object({
    key: batchKey,
    name: batchName,
    programId: uuid.describe("The program's id (listBatchPrograms)"),
    enrollmentType: enrollmentType.default("No Auto Enrollment"),
    startsAt: dateTime("startsAt").default(null),
    accountExpiresAt: dateTime("accountExpiresAt").default(null),
    allowManualVideoCompletion: z.boolean({ error: "allowManualVideoCompletion must be true or false" }).default(false),
  }),
  response: z.object({ batch: studioBatch }),
  errors: ["batch_key_taken", "unknown_program", "batch_dates_invalid"],
});

export const updateBatch = defineCall({
  method: "PATCH",
  group: "",
  path: "/studio/batch",
  summary: "Changes a batch's name, program, enrollment type, dates or manual video completion (its key stays). For administrators only.",
  access: "admin",
  body: z.object({
    id: uuid.describe("The batch's id"),
    name: batchName.optional(),
    programId: uuid.optional(),
    enrollmentType: enrollmentType.optional(),
    startsAt: dateTime("startsAt").optional(),
    accountExpiresAt: dateTime("accountExpiresAt").optional(),
    allowManualVideoCompletion: z.boolean({ error: "allowManualVideoCompletion must be true or false" }).optional(),
  }),
  response: z.object({ batch: studioBatch }),
  errors: ["batch_not_found", "unknown_program", "batch_dates_invalid"],
});

export const addBatchMembers = defineCall({
  method: "POST",
  group: "",
  path: "/studio/batch/members",
  summary:
    "Adds people to a batch by their ids (people already in it are left as they are) and enrolls them as the batch's enrollment type says. All or nothing: an unknown id refuses the whole list. For administrators only.",
  access: "admin",
  body: z.object({
    id: uuid.describe("The batch's id"),
    userIds: z.array(uuid, { error: "userIds must be a list of people's ids" }).min(1, "userIds must name at least one person").max(500, "userIds holds at most 500 people"),
  }),
  response: z.object({ added: z.number().int().describe("People who joined"), alreadyMembers: z.number().int().describe("People who were members already") }),
  errors: ["batch_not_found", "person_not_found"],
});

export const batchMembersImportProblem = z
  .object({
    line: z.number().int().nullable().describe("The file's line (1: the header); null for the whole file"),
    message: z.string(),
  })
  .meta({ id: "BatchMembersImportProblem" });

export const importBatchMembers = defineCall({
  method: "POST",
  group: "",
  path: "/studio/batch/members/import",
  summary:
    "Adds people to a batch from a CSV file of e-mails (field `file`; one column `email`). With dryRun=true only checks it. All or nothing: a file with any unknown or bad e-mail adds nobody; a dry run lists every problem by line, an import answers 422 batch_members_import_invalid with the list in `details.problems`. For administrators only.",
  access: "admin",
  bodyFormat: "multipart",
  body: z.object({
    id: uuid.describe("The batch's id"),
    dryRun: dryRunField,
  }),
  response: z.object({
    dryRun: z.boolean(),
    rows: z.number().int().describe("E-mails in the file"),
    added: z.number().int().describe("People who joined (a dry run: who would)"),
    alreadyMembers: z.number().int().describe("People of the file who were members already"),
    problems: z.array(batchMembersImportProblem),
  }),
  errors: ["batch_not_found", "batch_members_import_invalid"],
});

export const removeBatchMember = defineCall({
  method: "POST",
  group: "",
  path: "/studio/batch/members/remove",
  summary: "Takes a person out of a batch. Their enrollments and progress stay. For administrators only.",
  access: "admin",
  body: z.object({ id: uuid.describe("The batch's id"), userId: uuid.describe("The member's id") }),
  response: z.object({ removed: z.literal(true) }),
  errors: ["batch_not_found", "not_batch_member"],
});

export const deleteBatch = defineCall({
  method: "POST",
  group: "",
  path: "/studio/batch/delete",
  summary:
    "Deletes a batch that was never used: one with no members and through which nobody was ever enrolled. A batch in use is ended by its last day of access instead. For administrators only.",
  access: "admin",
  body: z.object({ id: uuid.describe("The batch's id") }),
  response: z.object({ deleted: z.literal(true) }),
  errors: ["batch_not_found", "batch_in_use"],
});
