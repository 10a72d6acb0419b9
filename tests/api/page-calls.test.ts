import { QueryClient, type QueryKey, type UseQueryOptions } from "@tanstack/react-query";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { catalogueQueries } from "@/lib/api/catalogue";
import { catalogueCountQuery, courseListQuery, programListQuery } from "@/components/catalogue/catalogue-queries";
import { catalogueState } from "@/components/catalogue/catalogue-state";
import { meetingListQueryOf, readMeetingListState } from "@/components/meetings/list-state";
import { achievementsQueries } from "@/lib/api/achievements";
import { careerServicesQueries } from "@/lib/api/career-services";
import { certificatesQueries, getPublicCertificate } from "@/lib/api/certificates";
import { createHttpClient, HttpError, type HttpClient } from "@/lib/api/client";
import { dashboardQueries } from "@/lib/api/dashboard";
import { learningPathsQueries } from "@/lib/api/learning-paths";
import { meetingsQueries } from "@/lib/api/meetings";
import { notificationsQueries } from "@/lib/api/notifications";
import { userInfoQuery } from "@/lib/api/sign-in";
import { listEssayLearners } from "@/lib/contract/calls/grading";
import { callAs, pageClient } from "@/lib/server/page-calls";
import { createTestApi, type TestApi } from "../support/api";
import { importDemo } from "../support/courses";

/**
 * Server pages put in the query cache what the browser's query would fetch: each query the pages
 * prefetch, run with the pages' client (the call's handler in process, after the routes' check of
 * session and role), gives what the same query gets from the API over HTTP, refusals included.
 */
let t: TestApi;
let token: string;

/** The browser's typed client, sending real requests to the test's API. */
const overHttp = (as: string | undefined): HttpClient =>
  createHttpClient({ baseURL: "/api", getToken: () => as, fetch: (request) => Promise.resolve(t.api.fetch(request)), retries: 0 });

type Options = UseQueryOptions<unknown, Error, unknown, QueryKey>;

/** What a query gives: its data, or the status and body of its refusal (without the error id of a 500). */
async function outcome(options: Options) {
  try {
    return { data: await new QueryClient().fetchQuery({ ...options, retry: false }) };
  } catch (err) {
    if (!(err instanceof HttpError)) throw err;
    return { status: err.response?.status, body: err.response?.data };
  }
}

/** Runs a query both ways as the holder of a token (null: without one). */
async function expectSame(of: (client: HttpClient) => Options, holder: string | null = token) {
  const as = holder ?? undefined;
  const api = await outcome(of(overHttp(as)));
  const page = await outcome(of(pageClient(t.deps, as)));
  expect(page.data !== undefined || page.status !== undefined).toBe(true);
  expect(page).toEqual(api);
  return page;
}

beforeAll(async () => {
  t = await createTestApi();
  await importDemo(t);
  await t.createUser({ email: "pages@example.com", plan: "Premium" });
  token = await t.signIn("pages@example.com");
}, 120_000);

afterAll(async () => {
  await t?.close();
});

describe("a server page's prefetch gives what the call answers", () => {
  it("the profile, signed in, signed out and with an ended session", async () => {
    expect((await expectSame((c) => userInfoQuery(c) as Options)).data).toMatchObject({ email: "pages@example.com" });
    expect((await expectSame((c) => userInfoQuery(c) as Options, null)).status).toBe(401);
    expect((await expectSame((c) => userInfoQuery(c) as Options, "no-such-session-token")).status).toBe(401);
  });

  it("the catalogue's courses and programs, its tabs' counts and its domains, as the address asks", async () => {
    for (const address of ["", "page=2", "q=intro", "tab=programs", "domain=Mechanical&duration=10+-+20+hours"]) {
      const state = catalogueState(new URLSearchParams(address));
      await expectSame((c) => (state.tab === "programs" ? programListQuery(state, c) : courseListQuery(state, c)) as Options);
      await expectSame((c) => catalogueCountQuery(state, c) as Options);
    }
    await expectSame((c) => catalogueQueries.getCourseDomains(c) as Options);
  });

  it("the dashboard's queries", async () => {
    for (const of of [
      (c: HttpClient) => dashboardQueries.getDashboardStats("Europe/Berlin", c),
      (c: HttpClient) => dashboardQueries.listContinueLearning(c),
      (c: HttpClient) => dashboardQueries.getBatchDetails(c),
      (c: HttpClient) => dashboardQueries.listEnrolledPrograms(c),
      (c: HttpClient) => dashboardQueries.listGroupSessions(c),
    ]) {
      await expectSame(of as (c: HttpClient) => Options);
    }
  });

  it("certificates, group sessions, achievements, notifications, career services and learning paths", async () => {
    const meetings = meetingListQueryOf(readMeetingListState({ get: () => null }));
    for (const of of [
      (c: HttpClient) => certificatesQueries.listCertificates(c),
      (c: HttpClient) => meetingsQueries.listMeetings(meetings, c),
      (c: HttpClient) => meetingsQueries.listMeetingCourses(c),
      (c: HttpClient) => achievementsQueries.getAchievementsDetails("Europe/Berlin", c),
      (c: HttpClient) => notificationsQueries.getNotificationSettings(c),
      (c: HttpClient) => careerServicesQueries.getCareerServices(c),
      (c: HttpClient) => careerServicesQueries.getCareerServicesStatistics(c),
      (c: HttpClient) => learningPathsQueries.getLearningPathProgress(undefined, c),
      (c: HttpClient) => learningPathsQueries.getCourseBundleProgress("00000000-0000-0000-0000-000000000000", c),
    ]) {
      await expectSame(of as (c: HttpClient) => Options);
    }
  });

  it("a public certificate that does not exist, anonymously", async () => {
    const of = (c: HttpClient) => ({ queryKey: ["certificate"], queryFn: () => getPublicCertificate("no-such-certificate", c) }) as Options;
    expect((await expectSame(of, null)).status).toBe(404);
  });

  it("a call above the visitor's role is refused as its route refuses it", async () => {
    await expect(callAs(t.deps, token, listEssayLearners)).rejects.toMatchObject({ status: 403, code: "role_required" });
    const api = await t.call(listEssayLearners, { token });
    expect(api.status).toBe(403);
    expect(api.body.code).toBe("role_required");
  });
});
