import { execFileSync } from "node:child_process";
import { rmSync } from "node:fs";
import path from "node:path";
import { defineConfig, devices } from "@playwright/test";

// The config is read by the runner and again by each worker: ports and folders are chosen once,
// by the runner, and handed to the workers through the environment.
if (!process.env.E2E_PORT) {
  const free = () => Number(execFileSync(process.execPath, ["-e", "const s=require('net').createServer().listen(0,'127.0.0.1',()=>{console.log(s.address().port);s.close()})"]).toString().trim());
  process.env.E2E_PORT = String(free());
  process.env.E2E_SMTP_PORT = String(free());
  process.env.E2E_CHAT_PORT = String(free());
  // Two runs side by side (E2E_RUN names each, as .ci/run does) keep their databases, mail and
  // artifacts apart; each starts its own server on its own port.
  const run = process.env.E2E_RUN ? `-${process.env.E2E_RUN}` : "";
  process.env.E2E_MAIL_DIR = path.resolve(`test-results/.mail${run}`);
  process.env.E2E_PGLITE_DIR = path.resolve(`test-results/.pglite-e2e${run}`);
  process.env.E2E_ARTIFACTS_DIR = path.resolve(`test-results/artifacts${run}`);
  rmSync(process.env.E2E_PGLITE_DIR, { recursive: true, force: true });
  rmSync(process.env.E2E_MAIL_DIR, { recursive: true, force: true });
}

const port = Number(process.env.E2E_PORT);
const baseURL = `http://localhost:${port}`;

export default defineConfig({
  testDir: "./e2e",
  outputDir: process.env.E2E_ARTIFACTS_DIR,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  fullyParallel: false,
  workers: 1,
  retries: process.env.CI ? 1 : 0,
  reporter: process.env.CI ? [["list"]] : [["list"]],
  globalSetup: "./e2e/support/global-setup.ts",
  use: {
    baseURL,
    trace: "retain-on-failure",
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
      args: ["--no-sandbox", "--disable-gpu", "--disable-quic", "--disable-background-networking", "--disable-component-update", "--disable-sync"],
    },
  },
  projects: [{ name: "chromium", use: { ...devices["Desktop Chrome"] } }],
  webServer: {
    command: "bash e2e/support/serve.sh",
    url: `${baseURL}/api/health`,
    timeout: 300_000,
    reuseExistingServer: false,
    stdout: "ignore",
    stderr: "pipe",
    env: {
      PORT: String(port),
      APP_ENV: "dev",
      NEXT_PUBLIC_SITE_URL: baseURL,
      PGLITE_DIR: process.env.E2E_PGLITE_DIR!,
      SMTP_URL: `smtp://127.0.0.1:${process.env.E2E_SMTP_PORT}`,
      // A fake Tawk-style widget served by the global setup (e2e/support/fake-chat-widget.js).
      NEXT_PUBLIC_CHAT_WIDGET_URL: `http://127.0.0.1:${process.env.E2E_CHAT_PORT}/widget.js`,
      MAIL_FROM: "SkillGrow <no-reply@skillgrow.test>",
      DATABASE_URL: "",
      // Every spec signs in through the e-mailed link; the limits themselves are covered by the API tests.
      SIGN_IN_LINKS_PER_EMAIL: "1000",
      SIGN_IN_LINKS_PER_IP: "1000",
      // A closed page's timed attempt is closed by the server within seconds, so the browser test need not wait long.
      CHALLENGE_GRACE_SECONDS: "2",
      ATTEMPT_SWEEP_INTERVAL_MS: "1000",
      // An import's 200 invitations go out in seconds rather than a minute (e2e/studio-people.spec.ts).
      MAIL_WORKERS: "16",
    },
  },
});
