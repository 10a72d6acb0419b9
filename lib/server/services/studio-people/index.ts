/**
 * The studio-people area's public face: the service of each of its calls (a call's contract key,
 * client function, service function and file share one name), and the CSV import's reader and its
 * wording for the operator command.
 */
export { listPeople } from "./list-people";
export { getPerson } from "./get-person";
export { createPerson } from "./create-person";
export { updatePerson } from "./update-person";
export { resendInvitation } from "./resend-invitation";
export { importPeople, type PeopleImportResult } from "./import-people";
export { getPeopleImportTemplate } from "./get-people-import-template";
export { listAudit } from "./list-audit";
export { exportPerson } from "./export-person";
export { personDataZip } from "./person-data";
export { deletePerson } from "./delete-person";
export { getPersonCareerServices } from "./get-person-career-services";
export { updatePersonCareerServices } from "./update-person-career-services";
export { listPersonTimedBlocks } from "./list-person-timed-blocks";
export { grantTimedBlock } from "./grant-timed-block";
export { problemText, readPeopleCsv } from "./people-csv";
