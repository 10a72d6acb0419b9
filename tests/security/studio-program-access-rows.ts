import { eq } from "drizzle-orm";
import { expect } from "vitest";
import { createProgram, deleteProgram, getProgram, listProgramCourseChoices, listPrograms, updateProgram } from "@/lib/contract/calls/studio-programs";
import { programs } from "@/lib/server/db/schema";
import { refusedToNonAdmins, type AccessCtx, type AccessRow as Row } from "./access-row";

/**
 * Access-matrix rows of the studio's program calls: only administrators list, make and change
 * programs; learners, graders and authors are refused (403) before anything is read or written,
 * visitors asked to sign in (401). The administrator's writes name a program or course no one has,
 * so the matrix's data stays as it is.
 */
const NO_PROGRAM = "00000000-0000-4000-8000-0000000060b2";
const NO_COURSE = "00000000-0000-4000-8000-0000000060c3";

const inputs: [Row["call"], (ctx: AccessCtx) => { query?: Record<string, string>; body?: unknown }][] = [
  [listPrograms, () => ({})],
  [listProgramCourseChoices, () => ({})],
  [getProgram, () => ({ query: { id: NO_PROGRAM } })],
  [createProgram, () => ({ body: { key: "matrix-program", name: "Matrix program", courses: [{ courseId: NO_COURSE }] } })],
  [updateProgram, () => ({ body: { id: NO_PROGRAM, revision: 0, name: "Renamed" } })],
  [deleteProgram, () => ({ body: { id: NO_PROGRAM } })],
];

const matrixProgram = async (ctx: AccessCtx) => (await ctx.t.db.select().from(programs).where(eq(programs.key, "matrix-program"))).length;

export const studioProgramAccessRows: Row[] = [
  { call: listPrograms, as: "admin", owner: "other", status: 200, check: (_ctx, body: { programs: unknown[] }) => expect(Array.isArray(body.programs)).toBe(true) },
  { call: listProgramCourseChoices, as: "admin", owner: "other", status: 200, check: (_ctx, body: { courses: unknown[] }) => expect(Array.isArray(body.courses)).toBe(true) },
  { call: getProgram, as: "admin", owner: "other", input: () => ({ query: { id: NO_PROGRAM } }), status: 404 },
  {
    call: createProgram,
    as: "admin",
    owner: "other",
    input: () => ({ body: { key: "matrix-program", name: "Matrix program", courses: [{ courseId: NO_COURSE }] } }),
    status: 400,
    check: async (ctx) => expect(await matrixProgram(ctx)).toBe(0),
  },
  { call: updateProgram, as: "admin", owner: "other", input: () => ({ body: { id: NO_PROGRAM, revision: 0, name: "Renamed" } }), status: 404 },
  { call: deleteProgram, as: "admin", owner: "other", input: () => ({ body: { id: NO_PROGRAM } }), status: 404 },
  ...refusedToNonAdmins(inputs, async (ctx) => { expect(await matrixProgram(ctx)).toBe(0); }),
];
