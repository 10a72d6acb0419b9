import { expect, type APIRequestContext } from "@playwright/test";

/** The studio's calls, as an operator would script them (docs/studio.md), for setting a course up before a browser test. */
export function studioApi(request: APIRequestContext, token: string) {
  const headers = { authorization: `Bearer ${token}` };
  const post = async (path: string, data: unknown) => {
    const res = await request.post(`/api/studio${path}`, { headers, data });
    expect(res.status(), `POST ${path}: ${await res.text()}`).toBe(200);
    return res.json();
  };
  let revision = 0;
  const write = async (path: string, data: Record<string, unknown>) => {
    const body = await post(path, { ...data, revision });
    revision = body.revision;
    return body;
  };
  return {
    /** A new draft course; later writes send the revision the last one answered. */
    async createCourse(slugId: string, name: string) {
      const course = await post("/courses", { slugId, name, description: `${name}, made in a browser test.`, domain: "Mechanical", courseType: "nonMandatory", price: null, isPremium: false });
      revision = course.revision;
      return course.courseId as string;
    },
    async add(courseId: string, kind: string, title: string, parentId?: string): Promise<string> {
      return (await write("/course/outline/add", { courseId, kind, title, ...(parentId ? { parentId } : {}) })).id;
    },
    async fill(courseId: string, id: string, fields: Record<string, unknown>) {
      return write("/course/item", { courseId, id, fields });
    },
    async publish(courseId: string, versionName: string) {
      return write("/course/publish", { courseId, versionName, releaseNotes: "" });
    },
  };
}
