import { eq } from "drizzle-orm";
import { afterAll, beforeAll, expect, it } from "vitest";
import { getEssayBlock, startEssayBlock, submitEssayBlock } from "@/lib/contract/calls/challenges";
import { evaluateSubmission } from "@/lib/contract/calls/grading";
import { getVideoTree } from "@/lib/contract/calls/learning";
import type { EssayBlock } from "@/lib/contract/entities/challenges";
import type { VideoCourseTree } from "@/lib/contract/entities/learning";
import { certificates, courses, essayAttempts } from "@/lib/server/db/schema";
import { createTestApi, type TestApi } from "../support/api";
import { importFiles, oneChapterCourse } from "../support/courses";

/*
 * A passing grade on the last thing a course needs completes it there and then: the certificate is
 * issued when the grader saves, not on the learner's next visit. "Report writing" is one essay with a
 * pass mark of 50 % out of 10 marks.
 */

const reportWriting = oneChapterCourse("report-writing", "Report writing", [
  { essay: { slugId: "essay", title: "Site report", question: "Describe the site.", durationInMinutes: 60, passMark: 50, criteria: [{ gradingCriteria: "Clarity", marks: 10 }] } },
]);

const LEARNER = "rhea@example.com";
let t: TestApi;
let rhea: string;
let grader: string;
let rheaId: string;
let essay: { courseId: string; essayBlockId: string };

beforeAll(async () => {
  t = await createTestApi();
  rheaId = (await t.createUser({ email: LEARNER, name: "Rhea", plan: "Premium" })).id;
  await t.createUser({ email: "gita@example.com", name: "Gita", role: "grader" });
  await importFiles(t, {
    courses: [reportWriting],
    programs: [
      {
        key: "writing",
        name: "Writing",
        courses: [{ course: "report-writing" }],
        batches: [{ key: "w1", name: "W1", enrollmentType: "System (Auto enroll)", members: [LEARNER] }],
      },
    ],
  });
  rhea = await t.signIn(LEARNER);
  grader = await t.signIn("gita@example.com");
  const courseId = (await t.db.select({ id: courses.id }).from(courses).where(eq(courses.key, "report-writing")))[0]!.id;
  const tree = (await t.call(getVideoTree, { token: rhea, query: { id: courseId } })).body as VideoCourseTree;
  essay = { courseId, essayBlockId: tree.chapters[0]!.subChapters[0]!.items[0]!.id };
});
afterAll(() => t.close());

async function grade(givenMarks: number) {
  const [attempt] = await t.db.select().from(essayAttempts).where(eq(essayAttempts.userId, rheaId));
  const block = (await t.call(getEssayBlock, { token: rhea, query: essay })).body as EssayBlock;
  const res = await t.call(evaluateSubmission, { token: grader, body: { submissionId: attempt!.id, criteria: [{ criterionId: block.criteria[0]!.id, givenMarks }] } });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
}

const certificateKinds = async () => (await t.db.select({ kind: certificates.kind }).from(certificates).where(eq(certificates.userId, rheaId))).map((c) => c.kind).sort();

it("issues the course's certificate when the grader's passing grade completes it, and not for a failing one", async () => {
  expect((await t.call(startEssayBlock, { token: rhea, body: essay })).status).toBe(200);
  const submitted = await t.call(submitEssayBlock, { token: rhea, body: { ...essay, essayAnswer: "The site slopes north; the soil is clay.", isFinalSubmission: true } });
  expect(submitted.status, JSON.stringify(submitted.body)).toBe(200);
  expect(await certificateKinds()).toEqual([]);

  await grade(4);
  expect(await certificateKinds()).toEqual([]);

  // The grader corrects the grade to a pass: nothing the learner does in between, the certificate is there.
  await grade(6);
  expect(await certificateKinds()).toEqual(["course", "program"]);
});
