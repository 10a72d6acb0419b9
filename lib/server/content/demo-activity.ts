import "server-only";
import { and, desc, eq } from "drizzle-orm";
import type { Db } from "@/lib/server/db/client";
import { chapters, courses, courseVersions, essayAttempts, essayBlocks, subChapters, users } from "@/lib/server/db/schema";

// DEMO ACTIVITY, not content: what a learner has done, so that a fresh development database shows
// more than an empty grading queue. Written next to the demo content in dev only, never by an
// operator's import.

const DEMO_LEARNER = "employee@demo.test";
const DEMO_COURSE = "embedded-c";
const DEMO_ESSAY = "traffic-light-firmware";

const DEMO_ANSWER = `State machine
-------------
States: NS_GREEN -> NS_AMBER -> ALL_RED_1 -> EW_GREEN -> EW_AMBER -> ALL_RED_2 -> NS_GREEN.
A pedestrian request (button) inserts WALK after the next ALL_RED state; green is never on in both
directions because every change to a green passes through an all-red state of 2 s.

  State      NS     EW     Buzzer   Time
  NS_GREEN   green  red    off      20 s (cut to 5 s once a request is waiting)
  NS_AMBER   amber  red    off       3 s
  ALL_RED    red    red    off       2 s
  WALK       red    red    beeping   8 s

Timers and interrupts
---------------------
TIM2 gives a 1 ms tick; the main loop calls lights_step() whenever the tick count changes, so no
state ever blocks with a delay. The button is on EXTI line 13 with a falling-edge interrupt that
only sets a volatile flag, debounced in the tick handler (the level must stay low for 20 ms).
The request flag is cleared only when WALK starts, so a press during any state is never lost.

Key code
--------
  static volatile bool walk_requested;

  void EXTI15_10_IRQHandler(void) {
      EXTI->PR1 = EXTI_PR1_PIF13;
      walk_requested = true;
  }

The buzzer runs from TIM3 in PWM mode at 2 kHz, gated by the state machine, so it costs no CPU.
All timings are constants in lights_config.h, named after the state they belong to.`;

/**
 * One submitted essay by the demo employee on the embedded C course's traffic-light essay, source
 * manual, submitted an hour before `now`, waiting for a grader. Written only when that learner has no
 * attempt at the essay yet, so running it again, or after the learner's own attempt, changes nothing.
 * Returns whether it wrote the attempt.
 */
export async function seedDemoActivity(db: Db, now: Date = new Date()): Promise<boolean> {
  const [learner] = await db.select({ id: users.id }).from(users).where(eq(users.email, DEMO_LEARNER));
  const [essay] = await db
    .select({ blockId: essayBlocks.id, courseId: courses.id, versionId: courseVersions.id, durationInMinutes: essayBlocks.durationInMinutes })
    .from(essayBlocks)
    .innerJoin(subChapters, eq(subChapters.id, essayBlocks.subChapterId))
    .innerJoin(chapters, eq(chapters.id, subChapters.chapterId))
    .innerJoin(courseVersions, eq(courseVersions.id, chapters.versionId))
    .innerJoin(courses, eq(courses.id, courseVersions.courseId))
    .where(and(eq(courses.key, DEMO_COURSE), eq(essayBlocks.slugId, DEMO_ESSAY)))
    .orderBy(desc(courseVersions.isCurrent), desc(courseVersions.releasedAt))
    .limit(1);
  if (!learner || !essay) return false;
  const submittedAt = new Date(now.getTime() - 60 * 60_000);
  const startedAt = new Date(submittedAt.getTime() - 95 * 60_000);
  const written = await db
    .insert(essayAttempts)
    .values({
      userId: learner.id,
      blockId: essay.blockId,
      courseId: essay.courseId,
      versionId: essay.versionId,
      status: "awaitingResults",
      startedAt,
      deadlineAt: new Date(startedAt.getTime() + essay.durationInMinutes * 60_000),
      answer: DEMO_ANSWER,
      draftVersion: 1,
      draftSavedAt: submittedAt,
      submittedAt,
      submissionSource: "manual",
    })
    // One attempt per learner and essay: an attempt already there is left as it is.
    .onConflictDoNothing({ target: [essayAttempts.userId, essayAttempts.blockId] })
    .returning({ id: essayAttempts.id });
  return written.length === 1;
}
