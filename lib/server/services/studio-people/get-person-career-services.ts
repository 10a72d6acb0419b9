import "server-only";
import { eq } from "drizzle-orm";
import type { z } from "zod";
import type { studioCareerServices } from "@/lib/contract/calls/studio-people";
import { careerServiceRecords } from "../../db/schema";
import type { Deps } from "../../deps";
import { CSET_DEFAULT_ATTEMPTS } from "../career-services";
import { findPerson } from "./person-view";

export type CareerServices = z.output<typeof studioCareerServices>;

/** The record as the studio shows it; a learner with none has the defaults an import would give. */
export async function readRecord(deps: Deps, userId: string, hasAccess: boolean) {
  const [row] = await deps.db.select().from(careerServiceRecords).where(eq(careerServiceRecords.userId, userId));
  const careerServices: CareerServices = {
    hasAccess,
    csetAttemptsAllowed: row?.csetAttemptsAllowed ?? CSET_DEFAULT_ATTEMPTS,
    csetAttempts: row?.csetAttempts ?? [],
    mockInterviews: { granted: row?.mockInterviewsGranted ?? 0, used: row?.mockInterviewsUsed ?? 0 },
    clientInterviews: { granted: row?.clientInterviewsGranted ?? 0, used: row?.clientInterviewsUsed ?? 0 },
    offers: row?.offers ?? [],
  };
  return { careerServices, updatedAt: row?.updatedAt.toISOString() ?? null };
}

/** GET /studio/person/career-services: a person's record and whether they have the services. */
export async function getPersonCareerServices(deps: Deps, input: { id: string }) {
  const person = await findPerson(deps, input.id);
  return readRecord(deps, person.id, person.hasCareerServicesAccess);
}

