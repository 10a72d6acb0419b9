import "server-only";
import { asc, eq } from "drizzle-orm";
import * as t from "@/lib/server/db/schema";
import type { Tx } from "../writers/rows";
import { contentDate } from "./dates";
import { sortByText } from "./order";

export interface ContentCareerServices {
  email: string;
  csetAttemptsAllowed: number;
  csetAttempts: { takenAt: string; result: "pass" | "fail" }[];
  mockInterviews: { granted: number; used: number };
  clientInterviews: { granted: number; used: number };
  offers: { company: string; role: string; receivedAt: string }[];
}

/** The career-services records as career-services.yaml lists them, by e-mail (the reverse of writers/career-services.ts). */
export async function readCareerServiceRecords(tx: Tx): Promise<ContentCareerServices[]> {
  const rows = await tx
    .select({ record: t.careerServiceRecords, email: t.users.email })
    .from(t.careerServiceRecords)
    .innerJoin(t.users, eq(t.users.id, t.careerServiceRecords.userId))
    .orderBy(asc(t.users.email));
  return sortByText(rows, (r) => r.email).map(({ record: r, email }) => ({
    email,
    csetAttemptsAllowed: r.csetAttemptsAllowed,
    csetAttempts: r.csetAttempts.map((a) => ({ takenAt: contentDate(a.takenAt), result: a.result })),
    mockInterviews: { granted: r.mockInterviewsGranted, used: r.mockInterviewsUsed },
    clientInterviews: { granted: r.clientInterviewsGranted, used: r.clientInterviewsUsed },
    offers: r.offers.map((o) => ({ company: o.company, role: o.role, receivedAt: contentDate(o.receivedAt) })),
  }));
}
