import { expect } from "vitest";
import { getMedia } from "@/lib/contract/calls/studio-media";
import type { AccessRow as Row } from "./access-row";

const unknownMedia = { query: { mediaId: "00000000-0000-4000-8000-000000000000" } };

/**
 * Access-matrix rows of the studio's media: the studio's role passes the role check (an unknown
 * upload is then not found); learners and graders are refused, visitors asked to sign in.
 */
export const studioMediaAccessRows: Row[] = [
  ...(["author", "admin"] as const).map<Row>((as) => ({ call: getMedia, as, owner: "other", input: () => unknownMedia, status: 404 })),
  ...(["learnerA", "learnerB", "grader"] as const).map<Row>((as) => ({
    call: getMedia,
    as,
    owner: "other",
    input: () => unknownMedia,
    status: 403,
    check: (_ctx, body: { code?: string }) => expect(body.code).toBe("role_required"),
  })),
  { call: getMedia, as: "anonymous", owner: "other", input: () => unknownMedia, status: 401 },
];
