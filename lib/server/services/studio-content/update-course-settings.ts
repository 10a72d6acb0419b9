import "server-only";
import { slugify } from "@/lib/slug";
import type { Deps } from "../../deps";
import type { User } from "../../domain/user";
import type { CourseSettingsInput } from "./create-course";
import { courseState, domainIdOf, saveDraft, settingsView } from "./draft";

/**
 * Saves a course's settings. They belong to the course, not to a version, so they apply at once
 * (docs/studio.md); the draft's revision goes up so that every other editor's next save is refused.
 */
export async function updateCourseSettings(deps: Deps, user: User, input: CourseSettingsInput & { courseId: string; revision: number }) {
  const domain = { id: await domainIdOf(deps, input.domain) };
  const { course, draft } = await saveDraft(deps, user, input, (_draft, before) => {
    const next = {
      name: input.name,
      slug: slugify(input.name),
      description: input.description,
      domainId: domain.id,
      courseType: input.courseType,
      priceCents: input.price === null ? null : Math.round(input.price * 100),
      isPremium: input.isPremium,
    };
    const old = { name: before.name, description: before.description, domain: before.domainName, courseType: before.courseType, price: before.priceCents === null ? null : before.priceCents / 100, isPremium: before.isPremium };
    const changed = Object.entries({ name: input.name, description: input.description, domain: input.domain, courseType: input.courseType, price: input.price, isPremium: input.isPremium })
      .filter(([k, v]) => old[k as keyof typeof old] !== v)
      .map(([k]) => k);
    return {
      action: "course.settings",
      summary: changed.length ? `Changed ${changed.join(", ")}` : "Saved the settings unchanged",
      before: Object.fromEntries(changed.map((k) => [k, old[k as keyof typeof old]])),
      after: Object.fromEntries(changed.map((k) => [k, input[k as keyof CourseSettingsInput]])),
      courseSet: next,
    };
  });
  return settingsView({ ...course, domainName: input.domain }, draft, await courseState(deps, course));
}
