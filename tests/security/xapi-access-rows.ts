import { expect } from "vitest";
import { exportXapiStatements, listXapiStatements } from "@/lib/contract/calls/xapi";
import { refusedToNonAdmins, type AccessRow as Row } from "./access-row";

/**
 * Access-matrix rows of the xAPI calls: the statements name learners and what they did, so only
 * administrators list or export them; learners, graders and authors are refused, visitors asked to
 * sign in, and none of them is told anything about the statements.
 */
const range = () => ({ query: { from: "2020-01-01", to: "2020-12-31" } });

export const xapiAccessRows: Row[] = [
  {
    call: listXapiStatements,
    as: "admin",
    owner: "other",
    status: 200,
    check: (_ctx, body: { lrs: { endpoint: string | null }; statements: unknown[] }) => {
      expect(body.lrs.endpoint).toBeNull();
      expect(Array.isArray(body.statements)).toBe(true);
    },
  },
  {
    call: exportXapiStatements,
    as: "admin",
    owner: "other",
    input: range,
    status: 200,
    check: (_ctx, body: { from: string; statements: unknown[] }) => {
      expect(body.from).toBe("2020-01-01");
      expect(body.statements).toEqual([]);
    },
  },
  ...refusedToNonAdmins([
    [listXapiStatements, () => ({})],
    [exportXapiStatements, range],
  ]),
];
