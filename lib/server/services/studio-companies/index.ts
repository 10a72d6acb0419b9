/**
 * The studio-companies area's public face: the service of each of its calls (a call's contract key,
 * client function, service function and file share one name).
 */
export { listCompanies } from "./list-companies";
export { getCompany } from "./get-company";
export { createCompany } from "./create-company";
export { updateCompany } from "./update-company";
export { deleteCompany } from "./delete-company";
