/**
 * The catalogue area's public face: the service of each of its calls (a call's contract key,
 * client function, service function and file share one name), and what other areas use: its course
 * cards (the dashboard lists the learner's courses with them) and the move of an enrollment to
 * another version (the studio's enrollment area).
 */
export { loadCatalogue, onProgressCourses, paginate, type CatalogueCourse } from "./course-cards";
export { countPrograms } from "./count-programs";
export { listCoursesOnProgress } from "./list-courses-on-progress";
export { listAllCourses } from "./list-all-courses";
export { listBundledPrograms } from "./list-bundled-programs";
export { getProgramCourses } from "./get-program-courses";
export { enrollInCourse } from "./enroll-in-course";
export { autoEnrollInProgram } from "./auto-enroll-in-program";
export { scheduleProgramEnrollment } from "./schedule-program-enrollment";
export { enrollInProgram } from "./enroll-in-program";
export { removeDuplicateEnrollments } from "./remove-duplicate-enrollments";
export { getCourseDomains } from "./get-course-domains";
export { changeCourseVersionIn } from "./change-course-version";
