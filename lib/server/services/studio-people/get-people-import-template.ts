import "server-only";
import { peopleCsvTemplate } from "./people-csv";

/** The CSV template an administrator fills in. */
export async function getPeopleImportTemplate() {
  return { fileName: "people-import-template.csv", csv: peopleCsvTemplate() };
}
