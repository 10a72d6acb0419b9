import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { getAchievementsDetails } from "@/lib/contract/calls/achievements";
import { listCertificates } from "@/lib/contract/calls/certificates";
import { answerMcqQuestion, getEssayBlock, getMcqBlock, startEssayBlock, startMcqBlock, submitEssayBlock, submitMcqBlock } from "@/lib/contract/calls/challenges";
import { getDashboardStats } from "@/lib/contract/calls/dashboard";
import { evaluateSubmission } from "@/lib/contract/calls/grading";
import { getCourseProgress, getVideoTree, markVideoComplete } from "@/lib/contract/calls/learning";
import type { Badge } from "@/lib/contract/entities/achievements";
import type { Certificate } from "@/lib/contract/entities/certificates";
import type { EssayBlock, McqBlock } from "@/lib/contract/entities/challenges";
import type { VideoCourseTree, VideoTreeItem } from "@/lib/contract/entities/learning";
import { certificates, courses, essayAttempts } from "@/lib/server/db/schema";
import { createTestApi, type TestApi } from "../support/api";
import { importFiles } from "../support/courses";

/*
 * The completion rule (docs/completion.md): a course is complete when every video is complete and
 * every challenge passed. "Statics" has a video, a quiz of four 1-mark questions with a pass mark of
 * 60 % and two attempts, and an essay of 5 to 20 words with a pass mark of 50 % out of 10 marks.
 * Its batch allows marking videos complete, as in the report.
 */

const question = (n: number) => ({ question: `Question ${n}?`, mark: 1, options: [{ value: `right ${n}`, correct: true }, { value: `wrong ${n}` }] });
const statics = {
  key: "statics",
  slugId: "statics",
  name: "Statics",
  description: "Forces in balance",
  domain: "Civil",
  isPremium: false,
  versions: [
    {
      name: "v1",
      releasedAt: "2024-01-01",
      chapters: [
        {
          slugId: "c1",
          title: "Chapter 1",
          subChapters: [
            {
              slugId: "c1-s1",
              title: "Part 1",
              items: [
                { video: { slugId: "v1", title: "Forces", provider: "youtube", source: "dQw4w9WgXcQ", durationSeconds: 600 } },
                { mcq: { slugId: "quiz", title: "Quiz 2", durationInMinutes: 10, passMark: 60, attemptsAllowed: 2, questions: [1, 2, 3, 4].map(question) } },
                {
                  essay: {
                    slugId: "essay",
                    title: "Truss report",
                    question: "Explain the method of joints.",
                    durationInMinutes: 60,
                    passMark: 50,
                    minWords: 5,
                    maxWords: 20,
                    criteria: [{ gradingCriteria: "Method", marks: 10 }],
                  },
                },
              ],
            },
          ],
        },
      ],
    },
  ],
};

const LEARNER = "lena@example.com";
let t: TestApi;
let lena: string;
let grace: string;
let lenaId: string;
let courseId: string;
let tree: VideoCourseTree;

const itemsOf = (tr: VideoCourseTree): VideoTreeItem[] => tr.chapters.flatMap((c) => c.subChapters.flatMap((s) => s.items));
const item = (type: VideoTreeItem["type"]) => itemsOf(tree).find((i) => i.type === type)!;
const quizBody = () => ({ courseId, mcqBlockId: item("mcqBlock").id });
const essayBody = () => ({ courseId, essayBlockId: item("essayBlock").id });

/** One attempt at the quiz answering `right` of its four questions correctly. */
async function takeQuiz(right: number): Promise<McqBlock> {
  const started = await t.call(startMcqBlock, { token: lena, body: quizBody() });
  expect(started.status, JSON.stringify(started.body)).toBe(200);
  const block = started.body as McqBlock;
  for (const [i, q] of block.questions.entries()) {
    const option = q.options.find((o) => o.value.startsWith(i < right ? "right" : "wrong"))!;
    const res = await t.call(answerMcqQuestion, { token: lena, body: { ...quizBody(), mcq: q.id, selectedOptionIds: [option.id] } });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
  }
  const submitted = await t.call(submitMcqBlock, { token: lena, body: quizBody() });
  expect(submitted.status, JSON.stringify(submitted.body)).toBe(200);
  return submitted.body as McqBlock;
}

const words = (n: number) => Array.from({ length: n }, (_, i) => `word${i}`).join(" ");
const saveEssay = (essayAnswer: string, isFinalSubmission: boolean) =>
  t.call(submitEssayBlock, { token: lena, body: { ...essayBody(), essayAnswer, isFinalSubmission } });

async function grade(givenMarks: number) {
  const [attempt] = await t.db.select().from(essayAttempts).where(eq(essayAttempts.userId, lenaId));
  const essay = (await t.call(getEssayBlock, { token: lena, query: essayBody() })).body as EssayBlock;
  const res = await t.call(evaluateSubmission, {
    token: grace,
    body: { submissionId: attempt!.id, criteria: [{ criterionId: essay.criteria[0]!.id, givenMarks }], comment: "Graded." },
  });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
}

async function state() {
  const [progress, certs, achievements, dashboard, treeNow] = await Promise.all([
    t.call(getCourseProgress, { token: lena, query: { courseId } }),
    t.call(listCertificates, { token: lena }),
    t.call(getAchievementsDetails, { token: lena, query: {} }),
    t.call(getDashboardStats, { token: lena, query: {} }),
    t.call(getVideoTree, { token: lena, query: { id: courseId } }),
  ]);
  const card = (certs.body as Certificate[]).find((c) => c.courseName === "Statics")!;
  const badges = (achievements.body as { badges: Badge[] }).badges;
  return {
    completed: progress.body.isCourseCompleted as boolean,
    percent: progress.body.courseProgressInPercentage as number,
    card,
    certificateRows: await t.db.select().from(certificates).where(eq(certificates.userId, lenaId)),
    firstCourseBadge: badges.find((b) => b.id === "first-course")!.isEarned,
    coursesCompleted: dashboard.body.coursesCompleted as number,
    stillNeeded: (treeNow.body as VideoCourseTree).stillNeeded!.map((n) => n.message),
  };
}

beforeAll(async () => {
  t = await createTestApi();
  lenaId = (await t.createUser({ email: LEARNER, name: "Lena", plan: "Premium" })).id;
  await t.createUser({ email: "grace@example.com", name: "Grace", role: "grader" });
  await importFiles(t, {
    courses: [statics],
    programs: [
      {
        key: "structures",
        name: "Structures",
        courses: [{ course: "statics" }],
        batches: [{ key: "s1", name: "S1", enrollmentType: "System (Auto enroll)", allowManualVideoCompletion: true, members: [LEARNER] }],
      },
    ],
  });
  lena = await t.signIn(LEARNER);
  grace = await t.signIn("grace@example.com");
  courseId = (await t.db.select({ id: courses.id }).from(courses).where(eq(courses.key, "statics")))[0]!.id;
  const res = await t.call(getVideoTree, { token: lena, query: { id: courseId } });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  tree = res.body;
});
afterAll(() => t.close());

describe("completion means learning", () => {
  it("says before any work what the course needs, with the pass marks", async () => {
    const before = await state();
    expect(before.stillNeeded).toEqual([
      "Watch “Forces” to the end.",
      "Pass the quiz “Quiz 2” (pass mark 60 %; 2 attempts left).",
      "Submit the essay “Truss report” (pass mark 50 %).",
    ]);
    const quiz = (await t.call(getMcqBlock, { token: lena, query: quizBody() })).body as McqBlock;
    expect(quiz).toMatchObject({ passMark: 60, attemptsAllowed: 2, attemptsUsed: 0, attemptsRemaining: 2, countingScore: null, isPassed: false });
  });

  it("refuses an essay outside its word limits on submit, naming the limit, and keeps the text as a draft", async () => {
    expect((await t.call(startEssayBlock, { token: lena, body: essayBody() })).status).toBe(200);
    const short = await saveEssay(words(3), true);
    expect(short.status).toBe(400);
    expect(short.body.code).toBe("too_few_words");
    expect(short.body.message).toContain("Your answer has 3 words; this task asks for 5 to 20 words.");
    const long = await saveEssay(words(21), true);
    expect(long.status).toBe(400);
    expect(long.body.code).toBe("too_many_words");
    const kept = (await t.call(getEssayBlock, { token: lena, query: essayBody() })).body as EssayBlock;
    expect(kept).toMatchObject({ attemptStatus: "onProgress", submittedAnswer: words(21), minWords: 5, maxWords: 20 });
    // A draft below the minimum is saved as any draft is.
    const draft = await saveEssay(words(2), false);
    expect(draft.status, JSON.stringify(draft.body)).toBe(200);
    expect((draft.body as EssayBlock).submittedAnswer).toBe(words(2));
    const final = await saveEssay(words(8), true);
    expect(final.status, JSON.stringify(final.body)).toBe(200);
    expect((final.body as EssayBlock).attemptStatus).toBe("awaitingResults");
  });

  it("counts an essay with a pass mark only once graded at or above it", async () => {
    const waiting = await state();
    expect(waiting.stillNeeded).toContain("The essay “Truss report” is waiting for its grade (pass mark 50 %).");
    await grade(4);
    const below = await state();
    expect(below.stillNeeded).toContain("The essay “Truss report” was graded 40 %; its pass mark is 50 %.");
    expect(((await t.call(getEssayBlock, { token: lena, query: essayBody() })).body as EssayBlock).isPassed).toBe(false);

    await grade(5);
    const passed = await state();
    expect(passed.stillNeeded.filter((m) => m.includes("Truss report"))).toEqual([]);
    expect(((await t.call(getEssayBlock, { token: lena, query: essayBody() })).body as EssayBlock).isPassed).toBe(true);
  });

  it("does not complete a course, nor give its certificate or badge, for a video marked complete and a quiz scored 0 of 4", async () => {
    expect((await t.call(markVideoComplete, { token: lena, body: { courseId, videoId: item("video").id } })).status).toBe(200);
    const failed = await takeQuiz(0);
    expect(failed).toMatchObject({ obtainedScore: 0, totalScore: 4, attemptsUsed: 1, attemptsRemaining: 1, countingScore: 0, isPassed: false });
    // Everything else is done: only the failed quiz stands between the learner and the course.
    const after = await state();
    expect(after.completed).toBe(false);
    expect(after.percent).toBeLessThan(100);
    expect(after.stillNeeded).toEqual(["Pass the quiz “Quiz 2” (scored 0 %, pass mark 60 %; 1 attempt left)."]);
    expect(after.certificateRows).toEqual([]);
    expect(after.card).toMatchObject({ certificateUID: null, isCourseCompleted: false });
    expect(after.card.stillNeeded!.map((n) => n.message)).toEqual(["Pass the quiz “Quiz 2” (scored 0 %, pass mark 60 %; 1 attempt left)."]);
    expect(after.firstCourseBadge).toBe(false);
    expect(after.coursesCompleted).toBe(0);
  });

  it("lets the learner retry while attempts remain, counting the best attempt, then completes the course; a third start is refused", async () => {
    const passed = await takeQuiz(3);
    expect(passed).toMatchObject({ obtainedScore: 3, attemptsUsed: 2, attemptsRemaining: 0, countingScore: 3, isPassed: true });
    const again = await t.call(startMcqBlock, { token: lena, body: quizBody() });
    expect(again.status).toBe(409);
    expect(again.body.code).toBe("attempts_exhausted");
    expect(again.body.message).toContain("all 2 attempts");

    const done = await state();
    expect(done.completed).toBe(true);
    expect(done.percent).toBe(100);
    expect(done.stillNeeded).toEqual([]);
    // The course's certificate, and the program's, whose one course this is.
    expect(done.certificateRows.map((c) => c.kind).sort()).toEqual(["course", "program"]);
    expect(done.firstCourseBadge).toBe(true);
    expect(done.coursesCompleted).toBe(1);
  });
});
