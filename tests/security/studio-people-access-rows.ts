import { expect } from "vitest";
import {
  createPerson,
  deletePerson,
  exportPerson,
  getPeopleImportTemplate,
  getPerson,
  getPersonCareerServices,
  grantTimedBlock,
  importPeople,
  listAudit,
  listPeople,
  listPersonTimedBlocks,
  resendInvitation,
  updatePerson,
  updatePersonCareerServices,
} from "@/lib/contract/calls/studio-people";
import { refusedToNonAdmins, type AccessCtx, type AccessRow as Row } from "./access-row";

/**
 * Access-matrix rows of the studio's people calls: only administrators list, add, import, change and
 * invite people and read the audit log; learners, graders and authors are refused (403) before
 * anything is read or written, visitors asked to sign in (401).
 */
const csvForm = () => {
  const form = new FormData();
  form.append("file", new Blob(["email,name,userKind,plan,batch,role,preferredLanguage,accessExpiry\r\nprobe@example.com,Probe,,,,,,\r\n"], { type: "text/csv" }), "people.csv");
  form.append("dryRun", "true");
  return form;
};

const CAREER_SERVICES = { hasAccess: false, csetAttemptsAllowed: 3, csetAttempts: [], mockInterviews: { granted: 1, used: 0 }, clientInterviews: { granted: 0, used: 0 }, offers: [] };

const inputs: [Row["call"], (ctx: AccessCtx) => { query?: Record<string, string>; body?: unknown }][] = [
  [listPeople, () => ({ query: { search: "learner" } })],
  [getPerson, (ctx) => ({ query: { id: ctx.ids.learnerA } })],
  [createPerson, () => ({ body: { email: "matrix-new@example.com", name: "Matrix New", invite: false } })],
  [updatePerson, (ctx) => ({ body: { id: ctx.ids.learnerB, plan: "Premium" } })],
  [resendInvitation, (ctx) => ({ body: { id: ctx.ids.learnerB } })],
  [importPeople, () => ({ body: csvForm() })],
  [getPeopleImportTemplate, () => ({})],
  [listAudit, () => ({})],
  [exportPerson, (ctx) => ({ query: { id: ctx.ids.learnerA } })],
  [deletePerson, (ctx) => ({ body: { id: ctx.ids.learnerB, confirmEmail: ctx.emails.learnerB } })],
  [getPersonCareerServices, (ctx) => ({ query: { id: ctx.ids.learnerA } })],
  [updatePersonCareerServices, (ctx) => ({ body: { id: ctx.ids.learnerA, careerServices: CAREER_SERVICES } })],
  [listPersonTimedBlocks, (ctx) => ({ query: { id: ctx.ids.learnerA } })],
  [grantTimedBlock, (ctx) => ({ body: { id: ctx.ids.learnerA, blockId: NO_BLOCK, extraAttempts: 1, reason: "Power cut during the quiz" } })],
];

const NO_BLOCK = "00000000-0000-4000-8000-00000000b10c";

export const studioPeopleAccessRows: Row[] = [
  { call: listPeople, as: "admin", owner: "other", input: () => ({ query: { search: "learner." } }), status: 200, check: (_ctx, body: { people: { email: string }[] }) => expect(body.people.map((p) => p.email).sort()).toEqual(["learner.a@example.com", "learner.b@example.com"]) },
  { call: getPerson, as: "admin", owner: "other", input: (ctx) => ({ query: { id: ctx.ids.learnerA } }), status: 200, check: (ctx, body: { person: { email: string } }) => expect(body.person.email).toBe(ctx.emails.learnerA) },
  { call: importPeople, as: "admin", owner: "other", input: () => ({ body: csvForm() }), status: 200, check: (_ctx, body: { created: number; problems: unknown[] }) => expect(body).toMatchObject({ created: 1, problems: [] }) },
  { call: getPeopleImportTemplate, as: "admin", owner: "other", status: 200, check: (_ctx, body: string) => expect(String(body)).toContain("email,name,userKind") },
  { call: listAudit, as: "admin", owner: "other", status: 200 },
  { call: getPersonCareerServices, as: "admin", owner: "other", input: (ctx) => ({ query: { id: ctx.ids.learnerA } }), status: 200 },
  { call: updatePersonCareerServices, as: "admin", owner: "other", input: (ctx) => ({ body: { id: ctx.ids.learnerA, careerServices: CAREER_SERVICES } }), status: 200 },
  { call: exportPerson, as: "admin", owner: "other", input: (ctx) => ({ query: { id: ctx.ids.learnerA } }), status: 200 },
  // The administrator reaches the deletion, which refuses an e-mail that does not confirm it (the matrix keeps its learners).
  { call: deletePerson, as: "admin", owner: "other", input: (ctx) => ({ body: { id: ctx.ids.learnerB, confirmEmail: ctx.emails.learnerA } }), status: 400 },
  { call: listPersonTimedBlocks, as: "admin", owner: "other", input: (ctx) => ({ query: { id: ctx.ids.learnerA } }), status: 200 },
  {
    call: grantTimedBlock,
    as: "admin",
    owner: "other",
    input: (ctx) => ({ body: { id: ctx.ids.learnerA, blockId: NO_BLOCK, extraAttempts: 1, reason: "Power cut during the quiz" } }),
    status: 404,
    check: (_ctx, body: { code: string }) => expect(body.code).toBe("block_not_found"),
  },
  ...refusedToNonAdmins(inputs, async (ctx) => { expect(await ctx.t.userByEmail("matrix-new@example.com")).toBeUndefined(); }),
];
