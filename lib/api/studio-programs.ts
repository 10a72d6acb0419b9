import { queryOptions } from "@tanstack/react-query";
import type { HttpClient } from "./client";
import type { CallBody, CallResponse } from "@/lib/contract/call";
import * as calls from "./call-routes";
import { callApi, http as browserHttp } from "./client";

// The studio's program calls (docs/programs.md), for administrators.

export const studioProgramsQueries = {
  all: ["studio", "programs"] as const,
  listPrograms: (client: HttpClient = browserHttp) => queryOptions({ queryKey: ["studio", "programs", "list"], queryFn: () => callApi(calls.listPrograms, {}, client) }),
  listProgramCourseChoices: (client: HttpClient = browserHttp) =>
    queryOptions({ queryKey: ["studio", "programs", "courses"], queryFn: () => callApi(calls.listProgramCourseChoices, {}, client), staleTime: 60_000 }),
  getProgram: (id: string, client: HttpClient = browserHttp) =>
    queryOptions({ queryKey: ["studio", "programs", "program", id], queryFn: () => callApi(calls.getProgram, { query: { id } }, client), retry: false }),
};

export type StudioProgram = CallResponse<typeof calls.getProgram>["program"];
export type StudioProgramCourse = StudioProgram["courses"][number];
export type ProgramCourseChoice = CallResponse<typeof calls.listProgramCourseChoices>["courses"][number];

export const createProgram = (body: CallBody<typeof calls.createProgram>) => callApi(calls.createProgram, { body });

export const updateProgram = (body: CallBody<typeof calls.updateProgram>) => callApi(calls.updateProgram, { body });

export const deleteProgram = (body: CallBody<typeof calls.deleteProgram>) => callApi(calls.deleteProgram, { body });
