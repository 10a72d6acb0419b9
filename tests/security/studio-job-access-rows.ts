import { expect } from "vitest";
import { listJobs, retryJob } from "@/lib/contract/calls/studio-jobs";
import type { AccessRow as Row } from "./access-row";

/**
 * Access-matrix rows of the studio's job calls: only administrators see the queue (its jobs name
 * learners' invitations and attempts) and retry its jobs; learners, graders and authors are refused,
 * visitors asked to sign in.
 * The matrix's actors signed in through e-mailed links, so the queue holds their mail jobs.
 */
const UNKNOWN_JOB = "00000000-0000-5000-8000-000000000000";

export const studioJobAccessRows: Row[] = [
  {
    call: listJobs,
    as: "admin",
    owner: "other",
    input: () => ({ query: { queue: "mail" } }),
    status: 200,
    check: (_ctx, body: { jobs: { queue: string }[] }) => {
      expect(body.jobs.length).toBeGreaterThan(0);
      expect(body.jobs.every((job) => job.queue === "mail")).toBe(true);
    },
  },
  // A job id no job has: the administrator is told so; anyone else is refused before it is looked up.
  { call: retryJob, as: "admin", owner: "other", input: () => ({ body: { id: UNKNOWN_JOB } }), status: 404 },
  ...(["learnerA", "learnerB", "grader", "author"] as const).flatMap<Row>((as) => [
    { call: listJobs, as, owner: "other", status: 403, check: (_ctx, body: { error: string }) => expect(JSON.stringify(body)).not.toContain("jobs") },
    { call: retryJob, as, owner: "other", input: () => ({ body: { id: UNKNOWN_JOB } }), status: 403 },
  ]),
  { call: listJobs, as: "anonymous", owner: "other", status: 401 },
  { call: retryJob, as: "anonymous", owner: "other", input: () => ({ body: { id: UNKNOWN_JOB } }), status: 401 },
];
