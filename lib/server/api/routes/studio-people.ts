import "server-only";
import { Hono } from "hono";
import * as calls from "@/lib/contract/calls/studio-people";
import {
  createPerson,
  deletePerson,
  exportPerson,
  getPersonCareerServices,
  updatePersonCareerServices,
  getPeopleImportTemplate,
  getPerson,
  grantTimedBlock,
  importPeople,
  listAudit,
  listPeople,
  listPersonTimedBlocks,
  resendInvitation,
  updatePerson,
} from "../../services/studio-people";
import { csvRoute, formRoute, route, zipRoute, type ApiEnv } from "../route";

export const studioPeopleRouter = new Hono<ApiEnv>();

/** A people CSV file of 10,000 rows is about 1 MB; the import takes up to five. */
export const PEOPLE_CSV_MAX_BYTES = 5 * 1024 * 1024;

// GET /studio/people/import-template.csv: the CSV template of the people import (administrators)
csvRoute(studioPeopleRouter, calls.getPeopleImportTemplate, () => getPeopleImportTemplate());

// POST /studio/people/import: checks (dryRun) or imports a people CSV file, all or nothing (administrators)
formRoute(
  studioPeopleRouter,
  calls.importPeople,
  { maxFileBytes: () => PEOPLE_CSV_MAX_BYTES, tooLarge: (max) => `file: a people CSV file may be at most ${Math.round(max / 1024 / 1024)} MB; split it in parts.`, upload: "peopleCsv" },
  ({ deps, user, body, file }) => importPeople(deps, user, file.bytes, { dryRun: body.dryRun }),
);

// GET /studio/people: people by e-mail with search and filters, a page at a time (administrators)
route(studioPeopleRouter, calls.listPeople, ({ deps, query }) => listPeople(deps, query));

// POST /studio/people: adds one person and invites them (administrators)
route(studioPeopleRouter, calls.createPerson, ({ deps, user, body }) => createPerson(deps, user, body));

// GET /studio/person: one person (administrators)
route(studioPeopleRouter, calls.getPerson, ({ deps, query }) => getPerson(deps, query));

// PATCH /studio/person: changes, deactivates or reactivates a person (administrators)
route(studioPeopleRouter, calls.updatePerson, ({ deps, user, body }) => updatePerson(deps, user, body));

// POST /studio/person/invitation: e-mails a person a new invitation (administrators)
route(studioPeopleRouter, calls.resendInvitation, ({ deps, user, body }) => resendInvitation(deps, user, body));

// GET /studio/audit: the studio's audit log, newest first (administrators)
route(studioPeopleRouter, calls.listAudit, ({ deps, query }) => listAudit(deps, query));

// GET /studio/person/export?id=: everything about one person, as a zip (administrators; audited)
zipRoute(studioPeopleRouter, calls.exportPerson, ({ deps, user, query }) => exportPerson(deps, user, query));

// POST /studio/person/delete: deletes a person on request, erasing their personal data (administrators; audited)
route(studioPeopleRouter, calls.deletePerson, ({ deps, user, body }) => deletePerson(deps, user, body));

// GET /studio/person/career-services?id=: a person's career-services record (administrators)
route(studioPeopleRouter, calls.getPersonCareerServices, ({ deps, query }) => getPersonCareerServices(deps, query));

// PUT /studio/person/career-services: replaces it, as an import would (administrators; audited)
route(studioPeopleRouter, calls.updatePersonCareerServices, ({ deps, user, body }) => updatePersonCareerServices(deps, user, body));

// GET /studio/person/timed-blocks: a person's timed blocks with attempts and grants (administrators)
route(studioPeopleRouter, calls.listPersonTimedBlocks, ({ deps, query }) => listPersonTimedBlocks(deps, query));

// POST /studio/person/timed-block-grant: more attempts or minutes at a timed block, with a reason (administrators)
route(studioPeopleRouter, calls.grantTimedBlock, ({ deps, user, body }) => grantTimedBlock(deps, user, body));
