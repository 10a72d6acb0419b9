/** What other areas use of the catalogue: its course cards (the dashboard lists the learner's courses with them). */
export { loadCatalogue, onProgressCourses, paginate, type CatalogueCourse } from "./course-cards";
