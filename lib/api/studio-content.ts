import { queryOptions } from "@tanstack/react-query";
import type { HttpClient } from "./client";
import type { CallBody, CallResponse } from "@/lib/contract/call";
import * as calls from "./call-routes";
import { callApi, http as browserHttp, uploadForm } from "./client";

// The studio's content calls (docs/studio.md). Every save sends the draft revision its editor read
// and answers with the next one; a stale save fails with code stale_revision and, in the error's
// details, the current revision and the changes since, for the editor to show.

export const studioContentQueries = {
  /** Every query of one course's studio data starts with this key, so a save can refresh them all. */
  courseKey: (courseId: string) => ["studio", "course", courseId] as const,
  listStudioCourses: (client: HttpClient = browserHttp) =>
    queryOptions({ queryKey: ["studio", "courses"], queryFn: () => callApi(calls.listStudioCourses, {}, client) }),
  getCourseSettings: (courseId: string, client: HttpClient = browserHttp) =>
    queryOptions({
      queryKey: ["studio", "course", courseId, "settings"],
      queryFn: () => callApi(calls.getCourseSettings, { query: { courseId } }, client),
      retry: false,
    }),
  getCourseOutline: (courseId: string, client: HttpClient = browserHttp) =>
    queryOptions({
      queryKey: ["studio", "course", courseId, "outline"],
      queryFn: () => callApi(calls.getCourseOutline, { query: { courseId } }, client),
      retry: false,
    }),
  getCoursePreview: (courseId: string, id: string | undefined, client: HttpClient = browserHttp) =>
    queryOptions({
      queryKey: ["studio", "course", courseId, "preview", id ?? null],
      queryFn: () => callApi(calls.getCoursePreview, { query: { courseId, ...(id ? { id } : {}) } }, client),
      retry: false,
    }),
  getOutlineItem: (courseId: string, id: string, client: HttpClient = browserHttp) =>
    queryOptions({
      queryKey: ["studio", "course", courseId, "item", id],
      queryFn: () => callApi(calls.getOutlineItem, { query: { courseId, id } }, client),
      retry: false,
    }),
};

export type CreateCourseBody = CallBody<typeof calls.createCourse>;
export const createCourse = (body: CreateCourseBody) => callApi(calls.createCourse, { body });

export type CourseSettingsBody = CallBody<typeof calls.updateCourseSettings>;
export const updateCourseSettings = (body: CourseSettingsBody) => callApi(calls.updateCourseSettings, { body });

export const archiveCourse = (body: CallBody<typeof calls.archiveCourse>) => callApi(calls.archiveCourse, { body });

export const addOutlineNode = (body: CallBody<typeof calls.addOutlineNode>) => callApi(calls.addOutlineNode, { body });

/** Uploads a SCORM package as a new item of a sub-chapter, reporting the share sent so far (0..1). */
export async function uploadScormItem(
  input: { courseId: string; revision: number; parentId: string; title?: string; file: File },
  onProgress: (share: number) => void = () => undefined,
) {
  const form = new FormData();
  form.append("courseId", input.courseId);
  form.append("revision", String(input.revision));
  form.append("parentId", input.parentId);
  if (input.title) form.append("title", input.title);
  form.append("file", input.file, input.file.name);
  // Up to 500 MB: far longer than the client's usual timeout.
  const res = await uploadForm(calls.uploadScormItem.fullPath, form, { onProgress, timeout: 60 * 60_000 });
  return res.data as CallResponse<typeof calls.uploadScormItem>;
}

export const renameOutlineNode = (body: CallBody<typeof calls.renameOutlineNode>) => callApi(calls.renameOutlineNode, { body });

export const moveOutlineNode = (body: CallBody<typeof calls.moveOutlineNode>) => callApi(calls.moveOutlineNode, { body });

/** Send it first without `confirm`: a delete_needs_confirmation error's details say how many learners have progress on it. */
export const deleteOutlineNode = (body: CallBody<typeof calls.deleteOutlineNode>) => callApi(calls.deleteOutlineNode, { body });

export type OutlineItemBody = CallBody<typeof calls.updateOutlineItem>;
export const updateOutlineItem = (body: OutlineItemBody) => callApi(calls.updateOutlineItem, { body });

export const publishCourse = (body: CallBody<typeof calls.publishCourse>) => callApi(calls.publishCourse, { body });

/** What a stale_revision error's details hold: the editor shows these changes before the author saves again. */
export interface StaleRevisionDetails {
  currentRevision: number;
  basedOnRevision: number;
  changes: { at: string; userName: string | null; action: string; summary: string; revision: number | null }[];
}
