import { runRounds, series, type Record as Recorder, type WriteCallFigures } from "./write-calls";

type Request = (method: string, path: string, token?: string, body?: unknown) => Promise<{ status: number; body: unknown }>;

interface Outline {
  revision: number;
  chapters: { id: string; subChapters: { id: string; items: { id: string }[] }[] }[];
}

/**
 * The studio's main calls, in process on PGlite as an author, on the bench's largest course (500
 * videos, so the draft the calls read and write is as large as a real course gets): the home page's
 * course list (every course of the fixture, with its learners), the outline, an item's editor, a save
 * of that item (its title and lesson text, alternating, each from the revision the previous write
 * made), a move of an item within its sub-chapter (first to second place and back) and a publish of
 * the draft as a new version (the whole course's rows written each time). Beside them,
 * the one-query baseline call, timed the same way and interleaved with them round by round.
 */
export async function measureStudioCalls(request: Request, token: string, courseId: string, record: Recorder) {
  const baseline = series("GET /bench/baseline", () => request("GET", "/bench/baseline", token), record);
  const list = series("GET /studio/courses", () => request("GET", "/studio/courses", token), record);
  const outlinePath = `/studio/course/outline?courseId=${encodeURIComponent(courseId)}`;
  const outline = series("GET /studio/course/outline (500 items)", () => request("GET", outlinePath, token), record);

  const opened = await request("GET", outlinePath, token);
  if (opened.status !== 200) throw new Error(`GET /studio/course/outline answered ${opened.status}: ${JSON.stringify(opened.body)}`);
  const draft = opened.body as Outline;
  let revision = draft.revision;
  const sub = draft.chapters[0]!.subChapters[0]!;
  const itemId = sub.items[0]!.id;
  const itemPath = `/studio/course/item?courseId=${encodeURIComponent(courseId)}&id=${encodeURIComponent(itemId)}`;
  const item = series("GET /studio/course/item", () => request("GET", itemPath, token), record);

  const tracked = async (method: string, path: string, body: Record<string, unknown>) => {
    const res = await request(method, path, token, { ...body, revision });
    revision = (res.body as { revision?: number }).revision ?? revision;
    return res;
  };
  const save = series(
    "POST /studio/course/item (save)",
    (i) =>
      tracked("POST", "/studio/course/item", {
        courseId,
        id: itemId,
        fields: {
          kind: "video",
          title: i % 2 ? "Lesson 1, revised" : "Lesson 1",
          provider: "youtube",
          source: "dQw4w9WgXcQ",
          durationSeconds: 300,
          description: "Lesson 1.",
          pageContent: i % 2 ? "## Before you start\n\nOpen the part file." : null,
          freePreview: false,
        },
      }),
    record,
  );
  // The moved item is the second one: the first one's place stays put for the item reads.
  const movedId = sub.items[1]!.id;
  const move = series(
    "POST /studio/course/outline/move",
    (i) => tracked("POST", "/studio/course/outline/move", { courseId, id: movedId, parentId: sub.id, index: i % 2 ? 1 : 2 }),
    record,
  );

  // Each publish writes a version of 500 videos: fewer of them, each with a name of its own.
  let published = 0;
  const publish = series(
    "POST /studio/course/publish (500 items)",
    () => tracked("POST", "/studio/course/publish", { courseId, versionName: `Bench ${++published}` }),
    record,
    { count: 40, warmUp: 5 },
  );

  const timed = [baseline, list, outline, item, save, move, publish];
  await runRounds(timed);
  return { baseline: baseline.figures(), calls: timed.slice(1).map((c) => c.figures()) satisfies WriteCallFigures[] };
}
