import { http as mswHttp, HttpResponse } from "msw";
import { setupServer } from "msw/node";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { callApi, createHttpClient } from "@/lib/api/client";
import { errorMessage } from "@/lib/api/errors";
import { postUserEvent } from "@/lib/contract/calls/shell";
import { getUserInfo } from "@/lib/contract/calls/sign-in";

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
  it("sends the session as a Bearer header and validates the answer", async () => {
    let auth: string | null = null;
    server.use(
      mswHttp.get(`${base}/user/info`, ({ request }) => {
        auth = request.headers.get("authorization");
        return HttpResponse.json(profile);
      }),
    );
    const res = await callApi(getUserInfo, {}, client());
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
    await expect(callApi(getUserInfo, {}, client())).resolves.toMatchObject({ id: "u1" });
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
    const err = await callApi(getUserInfo, {}, client()).catch((e: unknown) => e);
    expect(calls).toBe(1);
    expect(errorMessage(err)).toBe("No access to this course.");
  });

  it("does not repeat a write without an idempotency key", async () => {
    let calls = 0;
    server.use(
      mswHttp.post(`${base}/user/events`, () => {
        calls += 1;
        return new HttpResponse(null, { status: 500 });
      }),
    );
    const err = await callApi(postUserEvent, { body: { eventName: "x" } }, client()).catch((e: unknown) => e);
    expect(calls).toBe(1);
    expect(errorMessage(err)).toBe("An error occurred");
  });

  it("says 'Not found' for a bare 404", async () => {
    server.use(mswHttp.get(`${base}/user/info`, () => new HttpResponse(null, { status: 404 })));
    expect(errorMessage(await callApi(getUserInfo, {}, client()).catch((e: unknown) => e))).toBe("Not found");
  });
});
