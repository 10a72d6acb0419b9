import { execFileSync, spawn, type ChildProcess } from "node:child_process";
import { mkdtempSync, openSync, readFileSync, rmSync } from "node:fs";
import { createServer, type AddressInfo } from "node:net";
import os from "node:os";
import path from "node:path";
import { expect, test } from "@playwright/test";
import { waitForSignInLink, mailCount } from "./support/mailbox";
import { askForLink, LEARNER } from "./support/sign-in";

/**
 * The build the browser tests run was made without APP_ENV=stage; a second server started on it with
 * APP_ENV=stage, as an operator following docs/deploy.md would, must agree with the browser on the
 * session cookie: a learner who signs in through the e-mailed link reaches the dashboard and stays.
 */
test.describe("settings read when the server starts", () => {
  test.describe.configure({ timeout: 300_000 });
  let server: ChildProcess | undefined;
  let tmp = "";
  let log = "";

  test.afterAll(() => {
    if (server?.pid && server.exitCode === null) server.kill("SIGTERM");
    if (tmp) rmSync(tmp, { recursive: true, force: true });
  });

  function freePort(): Promise<number> {
    return new Promise((resolve) => {
      const probe = createServer().listen(0, "127.0.0.1", () => {
        const { port } = probe.address() as AddressInfo;
        probe.close(() => resolve(port));
      });
    });
  }

  test("a server started with APP_ENV=stage on a build made without it signs a learner in to the dashboard", async ({ browser }) => {
    tmp = mkdtempSync(path.join(os.tmpdir(), "settings-at-start-"));
    log = path.join(tmp, "server.log");
    const port = await freePort();
    const origin = `http://localhost:${port}`;
    // The test runner's module loader is for the tests, not for the server.
    const inherited = { ...process.env };
    delete inherited.NODE_OPTIONS;
    const env = {
      ...inherited,
      APP_ENV: "stage",
      PORT: String(port),
      NEXT_PUBLIC_SITE_URL: origin,
      PGLITE_DIR: path.join(tmp, "pglite"),
      DATABASE_URL: "",
      SMTP_URL: `smtp://127.0.0.1:${process.env.E2E_SMTP_PORT}`,
      MAIL_FROM: "SkillGrow <no-reply@skillgrow.test>",
      NEXT_PUBLIC_CHAT_WIDGET_URL: "",
      SIGN_IN_LINKS_PER_EMAIL: "1000",
      SIGN_IN_LINKS_PER_IP: "1000",
    };
    // Outside dev the server starts on an empty database: the operator loads the demo users first.
    execFileSync(process.execPath, ["node_modules/tsx/dist/cli.mjs", "--conditions=react-server", "scripts/db-seed.ts"], { env, stdio: "pipe", timeout: 180_000 });
    server = spawn(process.execPath, ["server.mjs", "-p", String(port)], { env, stdio: ["ignore", openSync(log, "a"), openSync(log, "a")] });
    await expect
      .poll(async () => (await fetch(`${origin}/api/health`).catch(() => null))?.status, { timeout: 120_000, message: `the server did not start: ${readFileSync(log, "utf8")}` })
      .toBe(200);

    const context = await browser.newContext({ baseURL: origin });
    const page = await context.newPage();
    const seen = mailCount(LEARNER);
    await askForLink(page, LEARNER);
    const link = await waitForSignInLink(LEARNER, seen);
    expect(link.startsWith(`${origin}/`)).toBe(true);
    await page.goto(link);
    await expect(page).toHaveURL(`${origin}/dashboard`);
    await expect(page.getByTestId("signed-in-email")).toHaveText(LEARNER);
    const names = (await context.cookies()).map((cookie) => cookie.name);
    expect(names).toContain("stageuserTokenSklGrow");
    expect(names).not.toContain("devuserTokenSklGrow");

    // A page loaded afresh passes the server's check of the session cookie.
    await page.reload();
    await expect(page).toHaveURL(`${origin}/dashboard`);
    await expect(page.getByTestId("signed-in-email")).toHaveText(LEARNER);
    await context.close();
  });

  test("a server given another API address than its build was made with refuses to start, saying which and what to do", async () => {
    tmp ||= mkdtempSync(path.join(os.tmpdir(), "settings-at-start-"));
    const port = await freePort();
    const inherited = { ...process.env };
    delete inherited.NODE_OPTIONS;
    const env = { ...inherited, APP_ENV: "stage", PGLITE_DIR: path.join(tmp, "refused"), DATABASE_URL: "", NEXT_PUBLIC_API_BASE_URL: "https://api.example.com/api" };
    const refused = spawn(process.execPath, ["server.mjs", "-p", String(port)], { env, stdio: ["ignore", "pipe", "pipe"] });
    let output = "";
    refused.stdout.on("data", (chunk: Buffer) => (output += chunk.toString()));
    refused.stderr.on("data", (chunk: Buffer) => (output += chunk.toString()));
    const code = await new Promise<number | string | null>((resolve) => {
      const stillRunning = setTimeout(() => {
        refused.kill("SIGTERM");
        resolve("still running after a minute");
      }, 60_000);
      refused.once("exit", (exitCode) => {
        clearTimeout(stillRunning);
        resolve(exitCode);
      });
    });
    expect(code, output).toBe(1);
    expect(output).toContain("The server does not start: its settings contradict the build's.");
    expect(output).toContain('NEXT_PUBLIC_API_BASE_URL is "https://api.example.com/api" for this server, but the app was built with "/api"');
    expect(output).toContain("NEXT_PUBLIC_API_BASE_URL=https://api.example.com/api npm run build");
  });
});
