import { and, eq, ne } from "drizzle-orm";
import { expect } from "vitest";
import type { CallDef } from "@/lib/contract";
import { getCareerServices, getCareerServicesStatistics } from "@/lib/contract/calls/career-services";
import {
  getBatchDetails,
  getDashboardStats,
  listGroupSessions,
  listEnrolledPrograms,
  listPurchasedCourses,
} from "@/lib/contract/calls/dashboard";
import { careerServiceRecords, essayAttempts, mcqAttempts, users } from "@/lib/server/db/schema";
import { importFiles } from "../support/courses";
import { fx } from "./course-access-rows";
import type { AccessCtx as Ctx, AccessRow as Row, Actor } from "./access-row";

/**
 * Access-matrix rows of the dashboard and career-services calls, on the course of
 * course-access-rows.ts: learnerA is in its batch, has watched a video and completed a quiz, has
 * an operator's career-services record (with an offer) but no career-services access; learnerB is
 * in no batch and has career-services access. Every answer is the caller's own: nothing of
 * learnerA's reaches learnerB.
 */

/** Gives learnerA a career-services record and a group session of the course, and learnerB career-services access. */
export async function prepareDashboardAccess(ctx: Ctx & { emails: Record<Actor, string> }) {
  await importFiles(ctx.t, {
    meetings: [
      {
        key: "acm-session",
        title: "Access matrix session",
        course: "acm-course",
        meetingTakerName: "Host",
        meetingTakerEmail: "host@example.com",
        start: "+1h",
        durationInMinutes: 30,
        joinLink: "https://meet.example.com/acm",
      },
    ],
    "career-services": [
      { email: ctx.emails.learnerA, csetAttempts: [{ takenAt: "2025-01-01", result: "pass" }], offers: [{ company: "Secret Co", role: "Engineer", receivedAt: "2025-02-01" }] },
    ],
  });
  await ctx.t.db.update(users).set({ hasCareerServicesAccess: true }).where(eq(users.id, ctx.ids.learnerB));
}

const anonymous = (call: CallDef): Row => ({ call, as: "anonymous", owner: "other", status: 401 });
const nothingOfA = (body: unknown) => {
  const text = JSON.stringify(body);
  expect(text).not.toContain(fx.courseId);
  expect(text).not.toContain(fx.programId);
  expect(text).not.toContain("Secret Co");
};

export const dashboardAccessRows: Row[] = [
  {
    call: getDashboardStats,
    as: "learnerA",
    owner: "own",
    status: 200,
    check: async (ctx, body) => {
      expect(body.coursesEnrolled).toBeGreaterThan(0);
      expect(body.totalHoursLearned).toBeGreaterThan(0);
      // learnerA's own attempts, completed or submitted by the rows before (the challenge and grading rows submit some too).
      const quizzes = await ctx.t.db.select().from(mcqAttempts).where(and(eq(mcqAttempts.userId, ctx.ids.learnerA), eq(mcqAttempts.status, "completed")));
      const essays = await ctx.t.db.select().from(essayAttempts).where(and(eq(essayAttempts.userId, ctx.ids.learnerA), ne(essayAttempts.status, "onProgress")));
      expect(quizzes.length + essays.length).toBeGreaterThan(0);
      expect(body.totalChallengesSubmitted).toBe(quizzes.length + essays.length);
    },
  },
  {
    call: getDashboardStats,
    as: "learnerB",
    owner: "other",
    status: 200,
    check: (_ctx, body) => {
      expect(body).toMatchObject({ totalHoursLearned: 0, totalChallengesSubmitted: 0, recentChallenges: [] });
      expect(body.weeklyLearningTime.totalMinutes).toBe(0);
      nothingOfA(body);
    },
  },
  anonymous(getDashboardStats),
  {
    call: getBatchDetails,
    as: "learnerA",
    owner: "own",
    status: 200,
    check: (_ctx, body) => expect(body.programData.map((p: { programId: string }) => p.programId)).toEqual([fx.programId]),
  },
  { call: getBatchDetails, as: "learnerB", owner: "other", status: 200, check: (_ctx, body) => (expect(body.programData).toBeNull(), nothingOfA(body)) },
  anonymous(getBatchDetails),
  {
    call: listPurchasedCourses,
    as: "learnerA",
    owner: "own",
    status: 200,
    check: (_ctx, body) => expect(body.results.map((c: { courseId: string }) => c.courseId)).toContain(fx.courseId),
  },
  { call: listPurchasedCourses, as: "learnerB", owner: "other", status: 200, check: (_ctx, body) => nothingOfA(body) },
  anonymous(listPurchasedCourses),
  { call: listEnrolledPrograms, as: "learnerA", owner: "own", status: 200, check: (_ctx, body) => expect(body.map((p: { programId: string }) => p.programId)).toEqual([fx.programId]) },
  { call: listEnrolledPrograms, as: "learnerB", owner: "other", status: 200, check: (_ctx, body) => expect(body).toEqual([]) },
  anonymous(listEnrolledPrograms),
  // A session of a course is shown to its learners only.
  { call: listGroupSessions, as: "learnerA", owner: "own", status: 200, check: (_ctx, body) => expect(body.map((m: { title: string }) => m.title)).toEqual(["Access matrix session"]) },
  { call: listGroupSessions, as: "learnerB", owner: "other", status: 200, check: (_ctx, body) => expect(body).toEqual([]) },
  anonymous(listGroupSessions),
  // Career-services figures need the access flag; they are always the caller's own.
  {
    call: getCareerServicesStatistics,
    as: "learnerA",
    owner: "own",
    status: 403,
    check: (_ctx, body) => expect(body.code).toBe("career_services_required"),
  },
  {
    call: getCareerServicesStatistics,
    as: "learnerB",
    owner: "other",
    status: 200,
    check: async (ctx, body) => {
      expect(body).toMatchObject({ csetExamResult: "yetToStart", offersReceived: 0, offers: [] });
      nothingOfA(body);
      expect(await ctx.t.db.select().from(careerServiceRecords).where(eq(careerServiceRecords.userId, ctx.ids.learnerB))).toEqual([]);
    },
  },
  anonymous(getCareerServicesStatistics),
  { call: getCareerServices, as: "learnerA", owner: "own", status: 200, check: (_ctx, body) => expect(body.hasCareerServicesAccess).toBe(false) },
  {
    call: getCareerServices,
    as: "learnerB",
    owner: "other",
    status: 200,
    check: (_ctx, body) => {
      expect(body.hasCareerServicesAccess).toBe(true);
      expect(body.mandatoryCourses).toEqual([]);
    },
  },
  anonymous(getCareerServices),
];
