import { http as mswHttp, HttpResponse } from "msw";
import { setupServer } from "msw/node";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { callApi, createHttpClient } from "@/lib/api/client";
import { errorCode, errorMessage, errorStatus } from "@/lib/api/errors";
import { startMcqBlock, recordUserEvent } from "@/lib/api/call-routes";
import { getUserProfile } from "@/lib/api/call-routes";

const base = "http://api.test/api";
const server = setupServer();
beforeAll(() => server.listen({ onUnhandledRequest: "error" }));
afterEach(() => server.resetHandlers());
afterAll(() => server.close());

const profile = {
  id: "u1",
  name: "Ada",
  email: "ada@example.com",
  countryCode: null,
  phone: null,
  domain: null,
  preferredLanguage: "English",
  plan: "Premium",
  isPremiumUser: true,
  videoCoursesPurchased: [],
  customerProfile: null,
  educationBackground: null,
  hasCareerServicesAccess: false,
  hasSoftwareLicenseAccess: false,
  isEnrolledInPgCourse: false,
  isO3ChatAvailable: false,
  tawkHash: null,
  userKind: "Customer",
  role: "learner",
};

const client = () => createHttpClient({ baseURL: base, getToken: () => "tok-123", retries: 2 });

describe("typed API client", () => {
  it("sends the session as a Bearer header and returns the answer", async () => {
    let auth: string | null = null;
    server.use(
      mswHttp.get(`${base}/user/info`, ({ request }) => {
        auth = request.headers.get("authorization");
        return HttpResponse.json(profile);
      }),
    );
    const res = await callApi(getUserProfile, {}, client());
    expect(res.email).toBe("ada@example.com");
    expect(auth).toBe("Bearer tok-123");
  });

  it("retries a GET that failed with 503 and returns the later answer", async () => {
    let calls = 0;
    server.use(
      mswHttp.get(`${base}/user/info`, () => {
        calls += 1;
        return calls < 2 ? HttpResponse.json({ error: "x", message: "busy", statusCode: 503 }, { status: 503 }) : HttpResponse.json(profile);
      }),
    );
    await expect(callApi(getUserProfile, {}, client())).resolves.toMatchObject({ id: "u1" });
    expect(calls).toBe(2);
  });

  it("does not retry a 4xx, and shows the server's message", async () => {
    let calls = 0;
    server.use(
      mswHttp.get(`${base}/user/info`, () => {
        calls += 1;
        return HttpResponse.json({ error: "Forbidden", message: "No access to this course.", statusCode: 403 }, { status: 403 });
      }),
    );
    const err = await callApi(getUserProfile, {}, client()).catch((e: unknown) => e);
    expect(calls).toBe(1);
    expect(errorMessage(err)).toBe("No access to this course.");
  });

  it("does not repeat a write its contract does not call idempotent, and sends it no key", async () => {
    const keys: (string | null)[] = [];
    server.use(
      mswHttp.post(`${base}/course/video/mcqBlock/start`, ({ request }) => {
        keys.push(request.headers.get("idempotency-key"));
        return new HttpResponse(null, { status: 500 });
      }),
    );
    const err = await callApi(startMcqBlock, { body: { courseId: "c1", mcqBlockId: "b1" } }, client()).catch((e: unknown) => e);
    expect(keys).toEqual([null]);
    expect(errorMessage(err)).toBe("An error occurred");
  });

  it("gives an idempotent call a key of its own, the same on each retry, and keeps it out of the body", async () => {
    const seen: { key: string | null; body: unknown }[] = [];
    server.use(
      mswHttp.post(`${base}/user/events`, async ({ request }) => {
        seen.push({ key: request.headers.get("idempotency-key"), body: await request.json() });
        return seen.length < 3 ? new HttpResponse(null, { status: 503 }) : HttpResponse.json({ isSuccess: true, message: "Recorded" });
      }),
    );
    await callApi(recordUserEvent, { body: { eventName: "x" } }, client());
    expect(seen).toHaveLength(3);
    expect(seen[0]!.key).toMatch(/^[0-9a-f-]{36}$/);
    expect(seen.every((s) => s.key === seen[0]!.key)).toBe(true);
    expect(seen.every((s) => JSON.stringify(s.body) === '{"eventName":"x"}')).toBe(true);
  });

  it("tries once what a queue sends with retry: false, whose retries the queue owns", async () => {
    let calls = 0;
    server.use(
      mswHttp.post(`${base}/user/events`, () => {
        calls += 1;
        return new HttpResponse(null, { status: 503 });
      }),
    );
    const err = await callApi(recordUserEvent, { body: { eventName: "x" }, idempotencyKey: "k1", retry: false }, client()).catch((e: unknown) => e);
    expect(calls).toBe(1);
    expect(errorStatus(err)).toBe(503);
  });

  it("carries the error body's code, and none when the answer has no code or no answer came", async () => {
    server.use(
      mswHttp.get(`${base}/user/info`, () =>
        HttpResponse.json({ error: "Forbidden", message: "Only administrators may do this.", statusCode: 403, code: "role_required" }, { status: 403 }),
      ),
    );
    const refused = await callApi(getUserProfile, {}, client()).catch((e: unknown) => e);
    expect(errorCode(refused)).toBe("role_required");
    server.use(mswHttp.get(`${base}/user/info`, () => new HttpResponse(null, { status: 404 })));
    expect(errorCode(await callApi(getUserProfile, {}, client()).catch((e: unknown) => e))).toBeUndefined();
    server.use(mswHttp.get(`${base}/user/info`, () => HttpResponse.error()));
    expect(errorCode(await callApi(getUserProfile, {}, client()).catch((e: unknown) => e))).toBeUndefined();
  });

  it("says 'Not found' for a bare 404", async () => {
    server.use(mswHttp.get(`${base}/user/info`, () => new HttpResponse(null, { status: 404 })));
    expect(errorMessage(await callApi(getUserProfile, {}, client()).catch((e: unknown) => e))).toBe("Not found");
  });

  it("repeats an idempotent write with the caller's key, the same key and body each time", async () => {
    const seen: { key: string | null; body: unknown }[] = [];
    server.use(
      mswHttp.post(`${base}/user/events`, async ({ request }) => {
        seen.push({ key: request.headers.get("idempotency-key"), body: await request.json() });
        return seen.length < 2 ? new HttpResponse(null, { status: 502 }) : HttpResponse.json({ isSuccess: true, message: "Recorded" });
      }),
    );
    await callApi(recordUserEvent, { body: { eventName: "x" }, idempotencyKey: "k1" }, client());
    expect(seen).toEqual([
      { key: "k1", body: { eventName: "x" } },
      { key: "k1", body: { eventName: "x" } },
    ]);
  });

  it("gives up after its retries and shows the last answer's message", async () => {
    let calls = 0;
    server.use(
      mswHttp.get(`${base}/user/info`, () => {
        calls += 1;
        return HttpResponse.json({ message: "Down for maintenance." }, { status: 503 });
      }),
    );
    const err = await callApi(getUserProfile, {}, client()).catch((e: unknown) => e);
    expect(calls).toBe(3);
    expect(errorMessage(err)).toBe("Down for maintenance.");
    expect(errorStatus(err)).toBe(503);
  });

  it("says the server could not be reached when no answer came, without retrying", async () => {
    let calls = 0;
    server.use(
      mswHttp.get(`${base}/user/info`, () => {
        calls += 1;
        return HttpResponse.error();
      }),
    );
    const err = await callApi(getUserProfile, {}, client()).catch((e: unknown) => e);
    expect(calls).toBe(1);
    expect(errorMessage(err)).toBe("Could not reach the server. Check your connection and try again.");
  });

  it("sends query parameters as the API reads them: unset ones left out, lists as name[]", async () => {
    let query = "";
    server.use(
      mswHttp.get(`${base}/things`, ({ request }) => {
        query = new URL(request.url).search;
        return HttpResponse.json({});
      }),
    );
    await client().request({ method: "GET", url: "/things", params: { page: 2, q: "a b", tab: undefined, ids: ["x", "y"], flag: false } });
    expect(new URLSearchParams(query).toString()).toBe("page=2&q=a+b&ids%5B%5D=x&ids%5B%5D=y&flag=false");
  });

  it("sends no session header when there is no session, and keeps a text answer as text", async () => {
    let auth: string | null = "unset";
    server.use(
      mswHttp.get(`${base}/calendar`, ({ request }) => {
        auth = request.headers.get("authorization");
        return new HttpResponse("BEGIN:VCALENDAR", { headers: { "content-type": "text/calendar", "content-disposition": 'attachment; filename="s.ics"' } });
      }),
    );
    const res = await createHttpClient({ baseURL: base, getToken: () => undefined }).request<string>({ method: "GET", url: "/calendar", responseType: "text" });
    expect(auth).toBeNull();
    expect(res.data).toBe("BEGIN:VCALENDAR");
    expect(res.headers.get("content-disposition")).toBe('attachment; filename="s.ics"');
  });
});
