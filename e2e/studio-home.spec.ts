import { expect, test, type Page } from "@playwright/test";
import { tinyPng } from "../tests/support/png";
import { expectAccessible } from "./support/axe";
import { shoot, snap } from "./support/shots";
import { LEARNER, signIn } from "./support/sign-in";

/*
 * The studio's home, a course's settings (with its cover and archive) and its publish page, as the
 * demo author uses them (docs/studio.md); a learner is kept out of the studio, and the learner's
 * pages never load the studio's code.
 */
const AUTHOR = "author@demo.test";
const DEMO_COURSES = ["CAD Fundamentals with SolidWorks", "Embedded C on Microcontrollers", "Power Electronics Essentials", "Python for Engineers"];

const courseRow = (page: Page, name: string) => page.getByTestId("studio-course").filter({ has: page.getByRole("link", { name, exact: true }) });

test("the author sees the courses, creates one, sets it up with a cover, and a stale save shows what changed", async ({ page }) => {
  test.setTimeout(180_000);
  const token = await signIn(page, AUTHOR);
  const api = (path: string, init: { method?: string; data?: unknown } = {}) =>
    page.request.fetch(`/api${path}`, { method: init.method ?? "GET", data: init.data, headers: { authorization: `Bearer ${token}` } });

  await page.goto("/studio");
  await expect(page.getByRole("heading", { level: 1, name: "Studio" })).toBeVisible();
  for (const name of DEMO_COURSES) await expect(courseRow(page, name)).toContainText("Published");
  await expect(page.getByRole("heading", { name: "Recent changes" })).toBeVisible();
  await shoot(page, "studio-home", () => expect(page.getByRole("link", { name: DEMO_COURSES[0]!, exact: true }).filter({ visible: true })).toBeVisible());

  // A new course: a refused field is named next to the form, then it is made and opened on its outline.
  const slugId = `studio-e2e-${Date.now().toString(36)}`;
  await page.getByRole("button", { name: "New course" }).click();
  await page.getByLabel("Name", { exact: true }).fill("Studio Test Course");
  await page.getByLabel("Slug id").fill("not a slug!");
  await page.getByRole("button", { name: "Create course" }).click();
  await expect(page.locator("[id$='-slugId-error']")).toContainText("slugId may only hold letters");
  await snap(page, "studio-new-course-refused");
  await page.getByLabel("Slug id").fill(slugId);
  await page.getByLabel("Domain").selectOption("Electrical");
  await page.getByLabel("Price (INR)").fill("1499");
  await page.getByRole("button", { name: "Create course" }).click();
  await expect(page).toHaveURL(/\/studio\/courses\/[0-9a-f-]{36}\/outline$/);
  const courseId = /courses\/([0-9a-f-]{36})\//.exec(page.url())![1]!;

  await page.goto("/studio");
  await expect(courseRow(page, "Studio Test Course")).toContainText("Draft");
  await expect(page.getByRole("listitem").filter({ hasText: "Created the course \"Studio Test Course\"" }).first()).toBeVisible();

  // Settings, with an uploaded cover; kept after a reload.
  await page.goto(`/studio/courses/${courseId}/settings`);
  await expect(page.getByRole("heading", { level: 1, name: "Studio Test Course" })).toBeVisible();
  await page.getByLabel("Description").fill("Circuits from first principles.");
  await page.getByLabel("Premium only").check();
  await page.getByLabel("Upload a cover").setInputFiles({ name: "cover.png", mimeType: "image/png", buffer: tinyPng(64, 28, [16, 120, 90]) });
  const preview = page.getByTestId("cover-preview");
  await expect(preview).toHaveAttribute("src", /^\/api\/files\/media\/[0-9a-f-]{36}\/original\.png$/);
  await expect.poll(() => preview.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(64);
  await page.getByRole("button", { name: "Save settings" }).click();
  await expect(page.getByText("Settings saved. They apply at once.", { exact: true })).toBeVisible();
  await page.reload();
  await expect(page.getByLabel("Description")).toHaveValue("Circuits from first principles.");
  await expect(page.getByLabel("Premium only")).toBeChecked();
  await expect(page.getByLabel("Price (INR)")).toHaveValue("1499");
  await expect(page.getByLabel("Domain")).toHaveValue("Electrical");
  await expect(preview).toHaveAttribute("src", /original\.png$/);
  const saved = await (await api(`/studio/course/settings?courseId=${courseId}`)).json();
  expect(saved).toMatchObject({ description: "Circuits from first principles.", isPremium: true, price: 1499, coverImage: expect.stringMatching(/original\.png$/) });
  await expectAccessible(page);
  await shoot(page, "studio-settings", () => expect(page.getByTestId("cover-preview")).toBeVisible());

  // Someone else saves meanwhile: this page's save is refused and shows what they changed, edits kept.
  await page.getByLabel("Name", { exact: true }).fill("Studio Test Course, my edit");
  const other = await api("/studio/course/settings", { method: "POST", data: { ...saved, courseId, name: "Renamed elsewhere" } });
  expect(other.status()).toBe(200);
  await page.getByRole("button", { name: "Save settings" }).click();
  const notice = page.getByRole("alert").filter({ hasText: "Not saved: this course changed while you were editing" });
  await expect(notice).toBeVisible();
  await expect(notice).toContainText("Changed name");
  await expect(page.getByLabel("Name", { exact: true })).toHaveValue("Studio Test Course, my edit");
  await snap(page, "studio-settings-conflict");
  await notice.getByRole("button", { name: "Load the latest version" }).click();
  await expect(notice).toBeHidden();
  await expect(page.getByLabel("Name", { exact: true })).toHaveValue("Renamed elsewhere");

  // Archiving asks first, then says what enrolled learners keep; it can be brought back.
  await expect(page.getByText("Learners already enrolled keep it")).toBeVisible();
  await page.getByRole("button", { name: "Archive the course…" }).click();
  await page.getByRole("button", { name: "Yes, archive it" }).click();
  await expect(page.getByRole("button", { name: "Bring the course back" })).toBeVisible();
  await expect(page.getByRole("heading", { level: 1 }).locator("..")).toContainText("Archived");
  await page.getByRole("button", { name: "Bring the course back" }).click();
  await expect(page.getByRole("button", { name: "Archive the course…" })).toBeVisible();

  // The publish page: an empty draft is refused, naming what is missing, with a way to the outline.
  await page.goto(`/studio/courses/${courseId}/publish`);
  await expect(page.getByText("Never published: learners cannot see this course yet.")).toBeVisible();
  // The course's tab and the publish panel's own link both lead to the preview.
  await expect(page.getByRole("link", { name: "Preview as learner" })).toHaveCount(2);
  for (const link of await page.getByRole("link", { name: "Preview as learner" }).all()) await expect(link).toHaveAttribute("href", `/studio/courses/${courseId}/preview`);
  await page.getByLabel("Version name").fill("v1");
  await page.getByRole("button", { name: "Publish", exact: true }).click();
  const incomplete = page.getByRole("alert").filter({ hasText: "The draft is not ready to publish." });
  await expect(incomplete).toBeVisible();
  await snap(page, "studio-publish-incomplete");
  await expect(incomplete.getByRole("link", { name: "Finish it in the outline" })).toHaveAttribute("href", `/studio/courses/${courseId}/outline`);
});

test("the publish page publishes a filled-in draft as a version, and marks later edits as unpublished", async ({ page }) => {
  test.setTimeout(120_000);
  const token = await signIn(page, AUTHOR);
  const post = async (path: string, data: unknown) => {
    const res = await page.request.post(`/api${path}`, { data, headers: { authorization: `Bearer ${token}` } });
    expect(res.status(), await res.text()).toBe(200);
    return res.json();
  };
  // A course with one filled-in video, made through the API as a script would.
  const slugId = `studio-pub-${Date.now().toString(36)}`;
  const course = await post("/studio/courses", { slugId, name: "Studio Publish Course", description: "", domain: "Civil", courseType: "nonMandatory", price: null, isPremium: false });
  const chapter = await post("/studio/course/outline/add", { courseId: course.courseId, revision: course.revision, kind: "chapter", title: "Basics" });
  const sub = await post("/studio/course/outline/add", { courseId: course.courseId, revision: chapter.revision, kind: "subChapter", title: "First steps", parentId: chapter.id });
  const video = await post("/studio/course/outline/add", { courseId: course.courseId, revision: sub.revision, kind: "video", title: "Welcome", parentId: sub.id });
  await post("/studio/course/item", {
    courseId: course.courseId,
    revision: video.revision,
    id: video.id,
    fields: { kind: "video", title: "Welcome", provider: "youtube", source: "dQw4w9WgXcQ", durationSeconds: 60 },
  });

  await page.goto(`/studio/courses/${course.courseId}/publish`);
  await expect(page.getByText("Never published: learners cannot see this course yet.")).toBeVisible();
  await expect(page.getByText("No version yet: publish the draft to make the first.")).toBeVisible();
  await page.getByLabel("Version name").fill("v1");
  await page.getByLabel("Release notes").fill("The first lesson.");
  await page.getByRole("button", { name: "Publish", exact: true }).click();
  await expect(page.getByText("Published “v1”. New learners get it now.", { exact: true })).toBeVisible();
  const versions = page.getByTestId("studio-version");
  await expect(versions).toHaveCount(1);
  await expect(versions.first()).toContainText("v1");
  await expect(versions.first()).toContainText("Current");
  await expect(versions.first()).toContainText("The first lesson.");
  await expect(versions.first()).toContainText("0 learners");
  await expect(page.getByTestId("draft-status")).toContainText("No unpublished changes");
  await expect(page.getByLabel("Version name")).toHaveValue("");

  // An edit after publishing: the draft has changes learners do not see yet.
  const outline = await (await page.request.get(`/api/studio/course/outline?courseId=${course.courseId}`, { headers: { authorization: `Bearer ${token}` } })).json();
  await post("/studio/course/outline/rename", { courseId: course.courseId, revision: outline.revision, id: video.id, title: "Welcome aboard" });
  await page.reload();
  await expect(page.getByTestId("draft-status")).toContainText("Unpublished changes");
  await page.getByLabel("Version name").fill("v1");
  await page.getByRole("button", { name: "Publish", exact: true }).click();
  await expect(page.locator("[id$='-versionName-error']")).toBeVisible();
  await page.getByLabel("Version name").fill("");
  await shoot(page, "studio-publish", () => expect(page.getByTestId("studio-version").first()).toBeVisible());
});

test("a learner's pages load none of the studio's code, and the studio sends a learner to the dashboard", async ({ page }) => {
  await signIn(page, LEARNER);
  const scripts: Promise<string>[] = [];
  page.on("response", (res) => {
    if (new URL(res.url()).pathname.endsWith(".js") && res.ok()) scripts.push(res.text().catch(() => ""));
  });
  await page.goto("/dashboard");
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
  await page.waitForLoadState("networkidle");
  const bodies = await Promise.all(scripts);
  expect(bodies.length).toBeGreaterThan(0);
  for (const studioOnly of ["Load the latest version", "Publish a new version", "Bring the course back"]) {
    expect(bodies.filter((b) => b.includes(studioOnly)), studioOnly).toHaveLength(0);
  }

  await page.goto("/studio");
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.getByText(/^The studio is for authors and administrators\./)).toBeVisible();
});
