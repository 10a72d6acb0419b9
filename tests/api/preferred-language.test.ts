import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { getUserProfile, updatePreferredLanguage } from "@/lib/contract/calls/sign-in";
import { createTestApi, type TestApi } from "../support/api";

let t: TestApi;
beforeAll(async () => {
  t = await createTestApi();
});
afterAll(() => t.close());

describe("PATCH /user/preferredLanguage", () => {
  it("saves the learner's language to their profile, and the profile says so from then on", async () => {
    await t.createUser({ email: "lang@example.com" });
    const token = await t.signIn("lang@example.com");
    expect((await t.call(getUserProfile, { token })).body.preferredLanguage).toBe("English");
    const changed = await t.call(updatePreferredLanguage, { token, body: { preferredLanguage: "Telugu" } });
    expect(changed.status).toBe(200);
    expect(changed.body).toMatchObject({ email: "lang@example.com", preferredLanguage: "Telugu" });
    expect((await t.call(getUserProfile, { token })).body.preferredLanguage).toBe("Telugu");
  });

  it("refuses a language it does not know, naming the field, and keeps the saved one", async () => {
    await t.createUser({ email: "lang2@example.com", preferredLanguage: "Hindi" });
    const token = await t.signIn("lang2@example.com");
    const refused = await t.call(updatePreferredLanguage, { token, body: { preferredLanguage: "Klingon" } as never });
    expect(refused.status).toBe(400);
    expect(refused.body.message).toContain("preferredLanguage");
    expect((await t.call(getUserProfile, { token })).body.preferredLanguage).toBe("Hindi");
  });
});
