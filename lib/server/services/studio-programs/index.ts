/**
 * The studio-programs area's public face: the service of each of its calls (a call's contract key,
 * client function, service function and file share one name).
 */
export { listPrograms } from "./list-programs";
export { listProgramCourseChoices } from "./list-program-course-choices";
export { getProgram } from "./get-program";
export { createProgram } from "./create-program";
export { updateProgram } from "./update-program";
export { deleteProgram } from "./delete-program";
