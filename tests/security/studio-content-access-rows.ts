import { mkdtempSync, readFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { eq } from "drizzle-orm";
import { expect } from "vitest";
import { allCalls } from "@/lib/contract";
import * as studio from "@/lib/contract/calls/studio-content";
import { courses } from "@/lib/server/db/schema";
import { launchPage, manifest12, writeZip } from "../support/scorm-packages";
import type { AccessCtx as Ctx, AccessRow as Row } from "./access-row";

/**
 * Access-matrix rows of the studio's content calls: authors and administrators build courses;
 * learners and graders are refused with 403 before any input is read, visitors asked to sign in.
 */

const sx = { courseId: "", revision: 0, subChapterId: "", good: new Uint8Array(), bad: new Uint8Array() };

/** The course of course-access-rows.ts, which the studio rows open. */
export async function prepareStudioContentAccess(ctx: Ctx) {
  const [course] = await ctx.t.db.select({ id: courses.id }).from(courses).where(eq(courses.key, "acm-course"));
  sx.courseId = course!.id;
  const outline = await ctx.t.call(studio.getCourseOutline, { token: ctx.tokens.author, query: { courseId: sx.courseId } });
  const body = outline.body as { revision: number; chapters: { subChapters: { id: string }[] }[] };
  sx.revision = body.revision;
  sx.subChapterId = body.chapters[0]!.subChapters[0]!.id;
  sx.good = readFileSync(await writeZip([{ name: "imsmanifest.xml", text: manifest12() }, { name: "index.html", text: launchPage }]));
  sx.bad = readFileSync(await writeZip([{ name: "index.html", text: launchPage }]));
  ctx.t.deps.env.UPLOAD_DIR ??= mkdtempSync(path.join(os.tmpdir(), "access-uploads-"));
}

/** A multipart upload of a SCORM package to the course's first sub-chapter. */
const scormForm = (bytes: () => Uint8Array, revision: () => number) => () => {
  const form = new FormData();
  form.set("courseId", sx.courseId);
  form.set("revision", String(revision()));
  form.set("parentId", sx.subChapterId);
  form.set("file", new Blob([bytes() as BlobPart]), "package.zip");
  return { body: form };
};

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
  {
    call: studio.uploadScormItem,
    as: "admin",
    owner: "other",
    input: scormForm(() => sx.good, () => sx.revision),
    status: 200,
    check: (_ctx, body: { revision: number }) => expect(body.revision).toBe(sx.revision + 1),
  },
  {
    call: studio.uploadScormItem,
    as: "author",
    owner: "other",
    input: scormForm(() => sx.bad, () => sx.revision + 1),
    status: 422,
    check: (_ctx, body: { code: string }) => expect(body.code).toBe("scorm_package_refused"),
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
