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
 * the draft as a new version (the whole course's rows written each time). With an administrator's
 * token, also the programs, group sessions and companies calls (`adminSeries`). Beside them,
 * the one-query baseline call, timed the same way and interleaved with them round by round.
 */
export async function measureStudioCalls(request: Request, token: string, courseId: string, record: Recorder, adminToken?: string) {
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

  const admin = adminToken ? await adminSeries(request, adminToken, record) : [];
  const timed = [baseline, list, outline, item, save, move, publish, ...admin];
  await runRounds(timed);
  return { baseline: baseline.figures(), calls: timed.slice(1).map((c) => c.figures()) satisfies WriteCallFigures[] };
}

/** The first of a list's items the rows can use, or why the bench cannot time them. */
async function firstOf<T>(request: Request, token: string, path: string, pick: (body: unknown) => T | undefined): Promise<T> {
  const res = await request("GET", path, token);
  const found = res.status === 200 ? pick(res.body) : undefined;
  if (!found) throw new Error(`GET ${path} answered ${res.status} without an item to time: ${JSON.stringify(res.body).slice(0, 200)}`);
  return found;
}

/**
 * The administrator's studio calls of programs, group sessions and companies, on the demo content
 * (its programs, sessions and company): each area's list, one item's page and a save of that item (its
 * name or title, alternating; a program's from the revision the previous save made, a session's
 * e-mailing its registrants the change).
 */
async function adminSeries(request: Request, token: string, record: Recorder) {
  const programs = series("GET /studio/programs", () => request("GET", "/studio/programs", token), record);
  const program = await firstOf(request, token, "/studio/programs", (b) => (b as { programs: { id: string; name: string }[] }).programs[0]);
  const programPath = `/studio/program?id=${encodeURIComponent(program.id)}`;
  const programPage = series("GET /studio/program", () => request("GET", programPath, token), record);
  let revision = (await firstOf(request, token, programPath, (b) => (b as { program: { revision: number } }).program)).revision;
  const programSave = series(
    "PATCH /studio/program (rename)",
    async (i) => {
      const res = await request("PATCH", "/studio/program", token, { id: program.id, revision, name: i % 2 ? `${program.name}, revised` : program.name });
      revision = (res.body as { program?: { revision: number } }).program?.revision ?? revision;
      return res;
    },
    record,
  );

  const sessions = series("GET /studio/sessions", () => request("GET", "/studio/sessions", token), record);
  const pickSession = (b: unknown) => (b as { sessions: { id: string; title: string; cancelledAt: string | null }[] }).sessions.find((s) => !s.cancelledAt);
  const session = await firstOf(request, token, "/studio/sessions", pickSession).catch(() => firstOf(request, token, "/studio/sessions?range=past", pickSession));
  const sessionPath = `/studio/session?id=${encodeURIComponent(session.id)}`;
  const sessionPage = series("GET /studio/session", () => request("GET", sessionPath, token), record);
  const sessionSave = series(
    "PATCH /studio/session (retitle)",
    (i) => request("PATCH", "/studio/session", token, { id: session.id, title: i % 2 ? `${session.title}, revised` : session.title }),
    record,
  );

  const companies = series("GET /studio/companies", () => request("GET", "/studio/companies", token), record);
  const company = await firstOf(request, token, "/studio/companies", (b) => (b as { companies: { id: string; name: string }[] }).companies[0]);
  const companyPath = `/studio/company?id=${encodeURIComponent(company.id)}`;
  const companyPage = series("GET /studio/company", () => request("GET", companyPath, token), record);
  const companySave = series(
    "PATCH /studio/company (rename)",
    (i) => request("PATCH", "/studio/company", token, { id: company.id, name: i % 2 ? `${company.name}, revised` : company.name }),
    record,
  );

  return [programs, programPage, programSave, sessions, sessionPage, sessionSave, companies, companyPage, companySave];
}
