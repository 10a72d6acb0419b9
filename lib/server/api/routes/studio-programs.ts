import "server-only";
import { Hono } from "hono";
import * as calls from "@/lib/contract/calls/studio-programs";
import { createProgram, deleteProgram, getProgram, listProgramCourseChoices, listPrograms, updateProgram } from "../../services/studio-programs";
import { route, type ApiEnv } from "../route";

export const studioProgramsRouter = new Hono<ApiEnv>();

// GET /studio/programs: every program with its course and batch counts (administrators)
route(studioProgramsRouter, calls.listPrograms, ({ deps }) => listPrograms(deps));

// GET /studio/programs/courses: the courses a program may hold (administrators)
route(studioProgramsRouter, calls.listProgramCourseChoices, ({ deps }) => listProgramCourseChoices(deps));

// POST /studio/programs: makes a program with its courses in order (administrators; audited)
route(studioProgramsRouter, calls.createProgram, ({ deps, user, body }) => createProgram(deps, user, body));

// GET /studio/program: one program with its courses in order (administrators)
route(studioProgramsRouter, calls.getProgram, ({ deps, query }) => getProgram(deps, query));

// PATCH /studio/program: changes a program's settings or course list, refused when based on an older revision (administrators; audited)
route(studioProgramsRouter, calls.updateProgram, ({ deps, user, body }) => updateProgram(deps, user, body));

// POST /studio/program/delete: deletes a program nobody takes (administrators; audited)
route(studioProgramsRouter, calls.deleteProgram, ({ deps, user, body }) => deleteProgram(deps, user, body));
