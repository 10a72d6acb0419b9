import AxeBuilder from "@axe-core/playwright";
import { expect, test, type BrowserContext, type Page } from "@playwright/test";
import type { Result } from "axe-core";
import { certificateOf, completeQuizzes, completeVideos } from "./support/certificates";
import { mailCount, waitForSignInLink } from "./support/mailbox";
import { LEARNER, signIn } from "./support/sign-in";

type Visitor = "signed out" | "signed in" | "grader";

interface AppPage {
  name: string;
  /** The address, or a function giving it once the setup has run (e.g. a certificate's share page). */
  path: string | (() => string);
  /** Which visitors the page is checked for. */
  as: Visitor[];
  /** Resolves once the state under test is on screen. */
  ready: (page: Page) => Promise<void>;
}

/** The share page of the certificate the signed-in user earns in the setup. */
let certificatePath = "";

/** Every page of the app, in the states worth checking. Add new pages here. */
const PAGES: AppPage[] = [
  {
    name: "home",
    path: "/",
    as: ["signed out"],
    ready: (page) => expect(page.getByRole("heading", { name: "Sign in" })).toBeVisible(),
  },
  {
    name: "home, signed in",
    path: "/",
    as: ["signed in"],
    ready: (page) => expect(page.getByRole("heading", { name: /^Welcome back/ })).toBeVisible(),
  },
  {
    name: "home with the login-required toast",
    path: "/?reason=login-required&redirectUrl=%2Fcourses",
    as: ["signed out"],
    ready: (page) => expect(page.getByText("Please log in to view this page.", { exact: true })).toBeVisible(),
  },
  {
    name: "home after a forced sign-out",
    path: "/?ua=true",
    as: ["signed out"],
    ready: (page) => expect(page.getByText("You were signed out.")).toBeVisible(),
  },
  {
    name: "sign-in link without a token",
    path: "/login/finish",
    as: ["signed out"],
    ready: (page) => expect(page.getByText("We could not sign you in")).toBeVisible(),
  },
  {
    name: "home on the demo company's host",
    path: `http://demo.localhost:${process.env.E2E_PORT}/`,
    as: ["signed out"],
    ready: (page) => expect(page.getByRole("img", { name: "Demo Engineering Academy" })).toBeVisible(),
  },
  {
    name: "dashboard",
    path: "/dashboard",
    as: ["signed in"],
    ready: (page) => expect(page.getByTestId("signed-in-email")).toBeVisible(),
  },
  {
    name: "dashboard with its figures and chart",
    path: "/dashboard",
    as: ["signed in"],
    ready: async (page) => {
      await expect(page.getByTestId("figure-courses-enrolled")).toBeVisible();
      await expect(page.getByRole("img", { name: /Minutes of video watched per day/ })).toBeVisible();
      await expect(page.getByRole("region", { name: "My courses" }).getByText(/^\d+ courses?$/)).toBeVisible();
    },
  },
  {
    name: "career services without access",
    path: "/career-services",
    as: ["signed in"],
    ready: (page) => expect(page.getByRole("heading", { name: "Career services are not part of your account" })).toBeVisible(),
  },
  {
    name: "dashboard with the menus open",
    path: "/dashboard",
    as: ["signed in"],
    ready: async (page) => {
      await expect(page.getByTestId("signed-in-email")).toBeVisible();
      const menu = page.getByRole("button", { name: "Menu", exact: true });
      if (await menu.isVisible()) await menu.click();
      await expect(page.getByRole("link", { name: "Career services" })).toBeVisible();
      await page.getByRole("button", { name: /^Account menu/ }).click();
      await expect(page.getByRole("button", { name: "Log out" })).toBeVisible();
    },
  },
  {
    name: "group sessions",
    path: "/group-sessions",
    as: ["signed in"],
    ready: async (page) => {
      await expect(page.getByRole("heading", { level: 1, name: "Group sessions" })).toBeVisible();
      await expect(page.getByRole("list", { name: "Upcoming sessions" }).getByRole("article").first()).toBeVisible();
    },
  },
  {
    name: "group sessions, none live",
    path: "/group-sessions?range=live",
    as: ["signed in"],
    ready: (page) => expect(page.getByText("No group session is live right now.")).toBeVisible(),
  },
  {
    name: "course catalogue",
    path: "/courses",
    as: ["signed in"],
    ready: async (page) => {
      await expect(page.getByRole("heading", { name: "Courses", level: 1 })).toBeVisible();
      await expect(page.getByLabel("Loading courses")).toHaveCount(0);
    },
  },
  {
    name: "learning page with a video",
    path: "/learn/course/cad-fundamentals-solidworks",
    as: ["signed in"],
    ready: (page) => expect(page.getByRole("group", { name: /^Video player/ })).toBeVisible(),
  },
  {
    name: "learning page with a multiple-choice block",
    path: "/learn/mcqBlock/embedded-c-microcontrollers/peripherals/gpio-interrupts/interrupts-quiz",
    as: ["signed in"],
    ready: (page) => expect(page.getByRole("heading", { level: 1, name: "Interrupts Quiz" })).toBeVisible(),
  },
  {
    name: "certificates, none earned yet",
    path: "/certificates",
    as: ["grader"],
    ready: (page) => expect(page.getByRole("heading", { name: "No certificate yet" })).toBeVisible(),
  },
  {
    name: "certificates with one earned",
    path: "/certificates",
    as: ["signed in"],
    ready: (page) => expect(page.getByTestId("earned-certificate").first()).toBeVisible(),
  },
  {
    name: "a certificate's public share page",
    path: () => certificatePath,
    as: ["signed out"],
    ready: (page) => expect(page.getByRole("heading", { name: "Verified certificate" })).toBeVisible(),
  },
  {
    name: "grading list, refused to a learner",
    path: "/evaluate",
    as: ["signed in"],
    ready: (page) => expect(page.getByRole("heading", { level: 1, name: "Only graders can evaluate essays" })).toBeVisible(),
  },
  {
    name: "grading list",
    path: "/evaluate?assignment=all",
    as: ["grader"],
    ready: async (page) => {
      await expect(page.getByRole("heading", { level: 1, name: "Evaluate essays" })).toBeVisible();
      await expect(page.getByRole("list", { name: "Submissions" })).toBeVisible();
    },
  },
];

const VIEWPORTS = [
  { name: "desktop", width: 1280, height: 800 },
  { name: "375px", width: 375, height: 812 },
];

const WCAG_TAGS = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"];
// Its own user, so these sign-ins do not count against another spec's rate limit.
const SIGNED_IN_USER = "employee@demo.test";
const GRADER_USER = "admin@demo.test";

function describeViolations(violations: Result[]): string {
  return violations
    .map((v) => {
      const nodes = v.nodes
        .map((n) => `    at ${n.target.join(" ")}\n      ${n.html}\n      ${(n.failureSummary ?? "").replace(/\n/g, "\n      ")}`)
        .join("\n");
      return `[${v.impact}] ${v.id}: ${v.help}\n    ${v.helpUrl}\n${nodes}`;
    })
    .join("\n\n");
}

test.describe("axe: no serious or critical WCAG 2.1 AA violations", () => {
  let signedInState: Awaited<ReturnType<BrowserContext["storageState"]>> | undefined;
  let graderState: Awaited<ReturnType<BrowserContext["storageState"]>> | undefined;

  test.beforeAll(async ({ browser }) => {
    for (const [visitor, email] of [["signed in", SIGNED_IN_USER], ["grader", GRADER_USER]] as const) {
      if (!PAGES.some((p) => p.as.includes(visitor))) continue;
      const context = await browser.newContext();
      const page = await context.newPage();
      const token = await signIn(page, email);
      if (visitor === "signed in") {
        // The signed-in user finishes the demo Python course (videos watched whole, the quiz submitted) to hold a certificate.
        await completeVideos(page.request, token, "watch");
        await completeQuizzes(page.request, token);
        certificatePath = (await certificateOf(page.request, token)).path;
      }
      if (visitor === "grader") graderState = await context.storageState();
      else signedInState = await context.storageState();
      await context.close();
    }
  });

  for (const appPage of PAGES) {
    for (const visitor of appPage.as) {
      for (const viewport of VIEWPORTS) {
        test(`${appPage.name} (${typeof appPage.path === "string" ? appPage.path : "set up first"}), ${visitor}, ${viewport.name}`, async ({ browser }, testInfo) => {
          const context = await browser.newContext({
            viewport: { width: viewport.width, height: viewport.height },
            storageState: visitor === "signed in" ? signedInState : visitor === "grader" ? graderState : undefined,
          });
          try {
            const page = await context.newPage();
            await page.goto(typeof appPage.path === "string" ? appPage.path : appPage.path());
            await appPage.ready(page);
            const results = await new AxeBuilder({ page }).withTags(WCAG_TAGS).analyze();
            await testInfo.attach("axe-results.json", { body: JSON.stringify(results.violations, null, 2), contentType: "application/json" });
            const blocking = results.violations.filter((v) => v.impact === "serious" || v.impact === "critical");
            expect(blocking, `axe found serious or critical violations:\n\n${describeViolations(blocking)}\n`).toEqual([]);
          } finally {
            await context.close();
          }
        });
      }
    }
  }
});

interface Focused {
  tag: string;
  id: string;
  name: string;
  outline: string;
  boxShadow: string;
}

/** Presses Tab until `wanted` holds for the focused element; every element passed on the way must show its focus. */
async function tabTo(page: Page, description: string, wanted: (el: Focused) => boolean): Promise<Focused> {
  for (let i = 0; i < 25; i += 1) {
    await page.keyboard.press("Tab");
    const el = await page.evaluate<Focused | null>(() => {
      const active = document.activeElement as HTMLElement | null;
      if (!active || active === document.body) return null;
      const style = getComputedStyle(active);
      return {
        tag: active.tagName.toLowerCase(),
        id: active.id,
        name: (active.getAttribute("aria-label") ?? active.textContent ?? "").trim(),
        outline: style.outlineStyle === "none" || parseFloat(style.outlineWidth) === 0 ? "none" : `${style.outlineStyle} ${style.outlineWidth} ${style.outlineColor}`,
        boxShadow: style.boxShadow,
      };
    });
    // The chat widget is a third party's frame: focus inside it is drawn by its own document.
    if (!el || el.tag === "iframe") continue;
    const shown = el.outline !== "none" || (el.boxShadow !== "none" && el.boxShadow !== "");
    expect(shown, `focus is visible on <${el.tag} id="${el.id}"> "${el.name}" (outline ${el.outline}, box-shadow ${el.boxShadow})`).toBe(true);
    if (wanted(el)) return el;
  }
  throw new Error(`Tab never reached ${description}`);
}

test("keyboard only: ask for a link, open it, reach the dashboard and log out", async ({ page }) => {
  await page.goto("/");
  await expect(page.getByRole("heading", { name: "Sign in" })).toBeVisible();

  await tabTo(page, "the e-mail field", (el) => el.tag === "input" && el.id === "email");
  const seen = mailCount(LEARNER);
  await page.keyboard.type(LEARNER);
  await page.keyboard.press("Enter");
  await expect(page.getByRole("status").filter({ hasText: "a sign-in link is on its way" })).toBeVisible();

  await page.goto(await waitForSignInLink(LEARNER, seen));
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.getByTestId("signed-in-email")).toHaveText(LEARNER);

  await tabTo(page, "the account menu", (el) => el.tag === "button" && el.name.startsWith("Account menu"));
  await page.keyboard.press("Enter");
  await tabTo(page, "the Log out button", (el) => el.tag === "button" && el.name === "Log out");
  await page.keyboard.press("Enter");
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole("heading", { name: "Sign in" })).toBeVisible();
});
