/**
 * The studio-content area's public face: the service of each of its calls (a call's contract key,
 * client function, service function and file share one name). Another area that comes to need
 * something of studio-content imports it from here only.
 */
export { addOutlineNode } from "./add-outline-node";
export { archiveCourse } from "./archive-course";
export { createCourse } from "./create-course";
export { deleteOutlineNode } from "./delete-outline-node";
export { getCourseOutline } from "./get-course-outline";
export { getCoursePreview } from "./get-course-preview";
export { getCourseSettings } from "./get-course-settings";
export { getOutlineItem } from "./get-outline-item";
export { listStudioCourses } from "./list-studio-courses";
export { moveOutlineNode } from "./move-outline-node";
export { publishCourse } from "./publish-course";
export { renameOutlineNode } from "./rename-outline-node";
export { updateCourseSettings } from "./update-course-settings";
export { updateOutlineItem } from "./update-outline-item";
export { coverImageRefusal } from "./cover-image";
export { uploadScormItem } from "./upload-scorm-item";
