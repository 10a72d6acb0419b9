import { generateKeyPairSync } from "node:crypto";
import { eq } from "drizzle-orm";
import type { z } from "zod";
import { allCalls } from "@/lib/contract";
import { callErrorCodes, fullPath, type CallDef } from "@/lib/contract/call";
import { errorBody } from "@/lib/contract/common";
import { createApi } from "@/lib/server/api/app";
import { users } from "@/lib/server/db/schema";
import { createClientLog, createDeps } from "@/lib/server/deps";
import { linkToken, memoryMailer } from "./memory-mailer";
import { openTestDatabase } from "./test-db";
import type { ServerEnv } from "@/lib/env";

export interface RequestOptions {
  body?: unknown;
  token?: string;
  headers?: Record<string, string>;
  query?: Record<string, string | string[]>;
}

export interface TestApiOptions {
  /** Called with each SQL statement the database runs, to count statements per call. */
  onQuery?: (sql: string) => void;
  /** Settings added to the tests' environment (an LRS's address, say). */
  env?: Partial<ServerEnv>;
}

/** A certificate signing key for the tests' servers (an Ed25519 private JWK), so no key file is written. */
export const testSigningKey = JSON.stringify(generateKeyPairSync("ed25519").privateKey.export({ format: "jwk" }));

/** Each call by its method and full path, to check the code of each error answer against the call's list. */
const callsByRoute = new Map(allCalls.map((call) => [`${call.method} ${fullPath(call)}`, call]));

/**
 * Every error answer the tests see has the contract's error body, and a call's error carries a code the
 * call lists (lib/contract/error-codes.ts, `callErrorCodes`): a service that throws a code its call
 * does not declare fails the test that makes it answer so.
 */
function checkErrorAnswer(method: string, path: string, status: number, body: unknown) {
  if (status < 400 || body === null || typeof body !== "object") return;
  const parsed = errorBody.safeParse(body);
  if (!parsed.success) throw new Error(`${method} ${path} answered ${status} with a body outside the error body's contract: ${parsed.error.message}`);
  const call = callsByRoute.get(`${method.toUpperCase()} ${path.split("?")[0]}`);
  const code = parsed.data.code;
  if (call && code && !callErrorCodes(call).includes(code)) {
    throw new Error(`${method} ${path} answered ${status} ${code}, a code its call does not list (add it to the call's errors)`);
  }
}

/** The real API, in process, on a fresh database, with a clock the test can move and an inbox it can read. */
export async function createTestApi(options: TestApiOptions = {}) {
  const database = await openTestDatabase({ onQuery: options.onQuery });
  const mailer = memoryMailer();
  // The browsers' log records (POST /log), one JSON line each.
  const clientLogLines: string[] = [];
  let offsetMs = 0;
  const deps = createDeps({
    database,
    mailer,
    clientLog: createClientLog({ write: (line: string) => void clientLogLines.push(line) }),
    env: { APP_ENV: "dev", NEXT_PUBLIC_SITE_URL: "http://localhost:3000", CERTIFICATE_SIGNING_KEY: testSigningKey, ...options.env },
    now: () => new Date(Date.now() + offsetMs),
  });
  const api = createApi(async () => deps);

  async function request(method: string, path: string, options: RequestOptions = {}) {
    const url = new URL(`http://localhost/api${path}`);
    for (const [k, v] of Object.entries(options.query ?? {})) {
      for (const item of Array.isArray(v) ? v : [v]) url.searchParams.append(k, item);
    }
    const headers: Record<string, string> = { "x-forwarded-for": "203.0.113.9", ...options.headers };
    if (options.token) headers.authorization = `Bearer ${options.token}`;
    let body: string | FormData | undefined;
    if (options.body instanceof FormData) {
      // A multipart form: the runtime writes its Content-Type with the boundary.
      body = options.body;
    } else if (options.body !== undefined) {
      headers["content-type"] ??= "application/json";
      body = typeof options.body === "string" ? options.body : JSON.stringify(options.body);
    }
    const res = await api.request(url.toString(), { method, headers, body });
    const text = await res.text();
    let json: unknown = undefined;
    try {
      json = text ? JSON.parse(text) : undefined;
    } catch {
      json = text;
    }
    checkErrorAnswer(method, path, res.status, json);
    return { status: res.status, headers: res.headers, body: json as any };
  }

  /** Calls a contract call and, on success, checks the answer against the call's response schema. */
  async function call<C extends CallDef>(c: C, options: RequestOptions = {}) {
    const res = await request(c.method, `${c.group}${c.path}`, options);
    if (res.status >= 200 && res.status < 300) {
      const parsed = c.response.safeParse(res.body);
      if (!parsed.success) throw new Error(`${c.method} ${c.path} answered outside its contract: ${parsed.error.message}`);
      return { ...res, body: parsed.data as z.output<C["response"]> as any };
    }
    return res;
  }

  async function createUser(values: Partial<typeof users.$inferInsert> & { email: string }) {
    const [user] = await database.db
      .insert(users)
      .values({ name: values.email.split("@")[0]!, ...values, email: values.email.toLowerCase() })
      .returning();
    return user!;
  }

  /** Signs in through the e-mailed link, as a learner would; returns the session token. */
  async function signIn(email: string, ip = `198.51.100.${Math.floor(Math.random() * 250)}`) {
    const before = mailer.sent.length;
    const asked = await request("POST", "/auth/login/invite", { body: { value: email }, headers: { "x-forwarded-for": ip } });
    if (asked.status !== 200) throw new Error(`login/invite answered ${asked.status}`);
    await deps.settle();
    const token = linkToken(mailer.sent[before]);
    const finished = await request("POST", "/auth/finishLogin", { body: { inviteId: token } });
    if (finished.status !== 201) throw new Error(`finishLogin answered ${finished.status}: ${JSON.stringify(finished.body)}`);
    return finished.body.userToken as string;
  }

  return {
    api,
    deps,
    db: database.db,
    database,
    mailer,
    clientLogLines,
    request,
    call,
    createUser,
    signIn,
    advanceClock: (ms: number) => {
      offsetMs += ms;
    },
    /** Moves the clock to the start of the next fixed window of this length, so a burst of hits all falls in one window. */
    startWindow: (windowMs: number) => {
      const now = Date.now() + offsetMs;
      offsetMs += windowMs - (now % windowMs);
    },
    userByEmail: async (email: string) => (await database.db.select().from(users).where(eq(users.email, email)))[0],
    close: async () => {
      await deps.jobs.stop(0);
      await database.close();
    },
  };
}

export type TestApi = Awaited<ReturnType<typeof createTestApi>>;
