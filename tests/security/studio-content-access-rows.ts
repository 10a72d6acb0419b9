import { eq } from "drizzle-orm";
import { expect } from "vitest";
import { allCalls } from "@/lib/contract";
import * as studio from "@/lib/contract/calls/studio-content";
import { courses } from "@/lib/server/db/schema";
import type { AccessCtx as Ctx, AccessRow as Row } from "./access-row";

/**
 * Access-matrix rows of the studio's content calls: authors and administrators build courses;
 * learners and graders are refused with 403 before any input is read, visitors asked to sign in.
 */

const sx = { courseId: "" };

/** The course of course-access-rows.ts, which the studio rows open. */
export async function prepareStudioContentAccess(ctx: Ctx) {
  const [course] = await ctx.t.db.select({ id: courses.id }).from(courses).where(eq(courses.key, "acm-course"));
  sx.courseId = course!.id;
}

const studioCalls = allCalls.filter((call) => Object.values(studio).includes(call as never));

export const studioContentAccessRows: Row[] = [
  ...(["author", "admin"] as const).map<Row>((as) => ({
    call: studio.listStudioCourses,
    as,
    owner: "other",
    status: 200,
    check: (_ctx, body: { courses: { courseId: string }[] }) => expect(body.courses.map((c) => c.courseId)).toContain(sx.courseId),
  })),
  {
    call: studio.getCourseOutline,
    as: "author",
    owner: "other",
    input: () => ({ query: { courseId: sx.courseId } }),
    status: 200,
    check: (_ctx, body: { chapters: unknown[] }) => expect(body.chapters.length).toBeGreaterThan(0),
  },
  {
    call: studio.getCoursePreview,
    as: "admin",
    owner: "other",
    input: () => ({ query: { courseId: sx.courseId } }),
    status: 200,
    check: (_ctx, body: { item: { kind: string } | null }) => expect(body.item).not.toBeNull(),
  },
  {
    call: studio.createCourse,
    as: "author",
    owner: "own",
    input: () => ({ body: { slugId: "matrix-course", name: "Matrix course", domain: "Civil", courseType: "nonMandatory", price: null, isPremium: false } }),
    status: 200,
  },
  ...studioCalls.flatMap((call) => [
    ...(["learnerA", "learnerB", "grader"] as const).map<Row>((as) => ({
      call,
      as,
      owner: "other",
      status: 403,
      check: (_ctx, body: { code: string }) => expect(body.code).toBe("role_required"),
    })),
    { call, as: "anonymous", owner: "other", status: 401 } satisfies Row,
  ]),
];
