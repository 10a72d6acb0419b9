import "server-only";
import { Hono } from "hono";
import * as calls from "@/lib/contract/calls/studio-content";
import { SCORM_UPLOAD_MAX_BYTES } from "@/lib/contract/calls/studio-content";
import {
  addOutlineNode,
  archiveCourse,
  createCourse,
  deleteOutlineNode,
  getCourseOutline,
  getCoursePreview,
  getCourseSettings,
  getOutlineItem,
  listStudioCourses,
  moveOutlineNode,
  publishCourse,
  renameOutlineNode,
  updateCourseSettings,
  updateOutlineItem,
  uploadScormItem,
} from "../../services/studio-content";
import { formRoute, route, type ApiEnv } from "../route";

export const studioContentRouter = new Hono<ApiEnv>();

// GET /studio/courses: every course with its state, learners and last change; the latest studio changes
route(studioContentRouter, calls.listStudioCourses, ({ deps }) => listStudioCourses(deps));

// POST /studio/courses: a new course, as a draft
route(studioContentRouter, calls.createCourse, ({ deps, user, body }) => createCourse(deps, user, body));

// GET /studio/course/settings: a course's settings and draft revision
route(studioContentRouter, calls.getCourseSettings, ({ deps, query }) => getCourseSettings(deps, query));

// POST /studio/course/settings: saves a course's settings
route(studioContentRouter, calls.updateCourseSettings, ({ deps, user, body }) => updateCourseSettings(deps, user, body));

// POST /studio/course/archive: archives a course or brings it back
route(studioContentRouter, calls.archiveCourse, ({ deps, user, body }) => archiveCourse(deps, user, body));

// GET /studio/course/outline: the draft outline and the published versions
route(studioContentRouter, calls.getCourseOutline, ({ deps, query }) => getCourseOutline(deps, query));

// POST /studio/course/outline/add: adds a chapter, sub-chapter or item to the draft
route(studioContentRouter, calls.addOutlineNode, ({ deps, user, body }) => addOutlineNode(deps, user, body));

// POST /studio/course/outline/scorm: adds a SCORM item from an uploaded package (checked; a refusal stores nothing)
formRoute(
  studioContentRouter,
  calls.uploadScormItem,
  {
    maxFileBytes: () => SCORM_UPLOAD_MAX_BYTES,
    tooLarge: (max) => `The package is too large: a SCORM package may be at most ${Math.round(max / 1024 ** 2)} MB.`,
    upload: "scorm",
  },
  ({ deps, user, body, file }) => uploadScormItem(deps, user, body, file),
);

// POST /studio/course/outline/rename: renames a node of the draft
route(studioContentRouter, calls.renameOutlineNode, ({ deps, user, body }) => renameOutlineNode(deps, user, body));

// POST /studio/course/outline/move: moves a node anywhere in the draft
route(studioContentRouter, calls.moveOutlineNode, ({ deps, user, body }) => moveOutlineNode(deps, user, body));

// POST /studio/course/outline/delete: deletes a node of the draft (confirmed when learners have progress on it)
route(studioContentRouter, calls.deleteOutlineNode, ({ deps, user, body }) => deleteOutlineNode(deps, user, body));

// GET /studio/course/item: an item's editor fields
route(studioContentRouter, calls.getOutlineItem, ({ deps, query }) => getOutlineItem(deps, query));

// POST /studio/course/item: saves an item's editor fields to the draft
route(studioContentRouter, calls.updateOutlineItem, ({ deps, user, body }) => updateOutlineItem(deps, user, body));

// POST /studio/course/publish: publishes the draft as a new version
route(studioContentRouter, calls.publishCourse, ({ deps, user, body }) => publishCourse(deps, user, body));

// GET /studio/course/preview: the draft as a learner would see it, one item at a time
route(studioContentRouter, calls.getCoursePreview, ({ deps, query }) => getCoursePreview(deps, query));
