import { expect } from "vitest";
import { listJobs } from "@/lib/contract/calls/studio-jobs";
import type { AccessRow as Row } from "./access-row";

/**
 * Access-matrix rows of the studio's job list: only administrators see the queue (its jobs name
 * learners' invitations and attempts); learners and graders are refused, visitors asked to sign in.
 * The matrix's actors signed in through e-mailed links, so the queue holds their mail jobs.
 */
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
  ...(["learnerA", "learnerB", "grader"] as const).map<Row>((as) => ({
    call: listJobs,
    as,
    owner: "other",
    status: 403,
    check: (_ctx, body: { error: string }) => expect(JSON.stringify(body)).not.toContain("jobs"),
  })),
  { call: listJobs, as: "anonymous", owner: "other", status: 401 },
];
