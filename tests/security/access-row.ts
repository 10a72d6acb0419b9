import { expect } from "vitest";
import type { CallDef } from "@/lib/contract";
import type { TestApi } from "../support/api";

/** The users of the access matrix: two learners, a grader, an author and an administrator. */
export type Actor = "learnerA" | "learnerB" | "grader" | "author" | "admin";

/** What every row's input and check can read: the test API and each actor's e-mail, id and session. */
export interface AccessCtx {
  t: TestApi;
  emails: Record<Actor, string>;
  ids: Record<Actor, string>;
  tokens: Record<Actor, string>;
}

/** One row of the matrix: a call, who makes it, whose data it names, and the answer expected. */
export interface AccessRow {
  call: CallDef;
  as: Actor | "anonymous";
  owner: "own" | "other";
  input?: (ctx: AccessCtx) => { query?: Record<string, string | string[]>; body?: unknown };
  status: number;
  /** Checks the answer or the database beyond its status: for example that nothing of another user leaked. */
  check?: (ctx: AccessCtx, body: any, actor: Actor | "anonymous") => Promise<void> | void;
}

type RowInput = NonNullable<AccessRow["input"]>;

/**
 * The rows of administrator-only calls for everyone else: learners, graders and authors are refused
 * with 403 role_required, visitors with 401. `nothingWritten` checks, after each refusal, that the
 * call changed nothing (that it was refused before it read or wrote).
 */
export function refusedToNonAdmins(inputs: [AccessRow["call"], RowInput][], nothingWritten: (ctx: AccessCtx) => Promise<void> | void = () => undefined): AccessRow[] {
  return inputs.flatMap(([call, input]) => [
    ...(["learnerA", "learnerB", "grader", "author"] as const).map<AccessRow>((as) => ({
      call,
      as,
      owner: "other",
      input,
      status: 403,
      check: async (ctx, body: { code: string }) => {
        expect(body.code).toBe("role_required");
        await nothingWritten(ctx);
      },
    })),
    { call, as: "anonymous", owner: "other", input, status: 401 },
  ]);
}
