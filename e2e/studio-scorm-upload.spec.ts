import { readFileSync } from "node:fs";
import { expect, test, type APIRequestContext } from "@playwright/test";
import { launchPage, manifest12, writeZip } from "../tests/support/scorm-packages";
import { signIn } from "./support/sign-in";
import { shoot, snap } from "./support/shots";

/*
 * The outline editor takes a SCORM package (docs/scorm-xapi.md, "Where a package comes from"): the
 * demo author uploads one into a sub-chapter and sees the item listed with the manifest's title; a
 * package without imsmanifest.xml is refused with the check's message next to the file field.
 */
const AUTHOR = "author@demo.test";

async function courseWithSubChapter(request: APIRequestContext, token: string) {
  const headers = { authorization: `Bearer ${token}` };
  const post = async (path: string, data: unknown) => {
    const res = await request.post(`/api/studio${path}`, { headers, data });
    expect(res.status(), `POST ${path}: ${await res.text()}`).toBe(200);
    return (await res.json()) as { courseId: string; revision: number; id: string };
  };
  const slugId = `scorm-upload-${Date.now().toString(36)}`;
  const course = await post("/courses", { slugId, name: "SCORM Upload Course", description: "", domain: "Civil", courseType: "nonMandatory", price: null, isPremium: false });
  const chapter = await post("/course/outline/add", { courseId: course.courseId, revision: course.revision, kind: "chapter", title: "Safety" });
  await post("/course/outline/add", { courseId: course.courseId, revision: chapter.revision, kind: "subChapter", title: "Packages", parentId: chapter.id });
  return course.courseId;
}

test("an author uploads a SCORM package in the outline editor, and sees a refused package's reason", async ({ page }) => {
  const token = await signIn(page, AUTHOR);
  const courseId = await courseWithSubChapter(page.request, token);
  const good = readFileSync(await writeZip([{ name: "imsmanifest.xml", text: manifest12() }, { name: "index.html", text: launchPage }]));
  const bad = readFileSync(await writeZip([{ name: "index.html", text: launchPage }]));

  await page.goto(`/studio/courses/${courseId}/outline`);
  const items = page.getByRole("list", { name: 'Items of "Packages"', exact: true });
  await page.getByRole("button", { name: "Add a SCORM package" }).click();
  const field = page.getByLabel(/^SCORM package \(\.zip\) for .Packages.$/);

  // A zip without imsmanifest.xml: the reason shows next to the field, and nothing is added.
  await field.setInputFiles({ name: "not-scorm.zip", mimeType: "application/zip", buffer: bad });
  await page.getByRole("button", { name: "Upload" }).click();
  await expect(page.getByRole("alert").filter({ hasText: "The package has no imsmanifest.xml at its root: it is not a SCORM package." })).toBeVisible();
  await expect(field).toHaveAccessibleDescription(/no imsmanifest\.xml/);
  await expect(page.getByText("No items yet")).toBeVisible();
  await snap(page, "studio-scorm-refused");

  // A real package: listed with the manifest's title.
  await field.setInputFiles({ name: "safety.zip", mimeType: "application/zip", buffer: good });
  await page.getByRole("button", { name: "Upload" }).click();
  await expect(items.getByRole("link", { name: /Workshop Safety Basics/ })).toBeVisible();
  await expect(page.getByRole("button", { name: "Add a SCORM package" })).toBeVisible();
  await expect(page.getByText("all changes saved")).toBeVisible();
  await shoot(page, "studio-scorm-uploaded", () => expect(items.getByRole("link", { name: /Workshop Safety Basics/ })).toBeVisible());

  // It is in the saved draft, not only on the page.
  await page.reload();
  await expect(items.getByRole("link", { name: /Workshop Safety Basics/ })).toBeVisible();
});
