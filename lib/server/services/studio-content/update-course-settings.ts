import "server-only";
import { slugify } from "@/lib/slug";
import type { Deps } from "../../deps";
import type { User } from "../../domain/user";
import { coverImageRefusal } from "./cover-image";
import type { CourseSettingsInput } from "./create-course";
import { courseState, domainIdOf, saveDraft, settingsView } from "./draft";

/**
 * Saves a course's settings. They belong to the course, not to a version, so they apply at once
 * (docs/studio.md); the draft's revision goes up so that every other editor's next save is refused.
 * A cover left out stays as it is.
 */
export async function updateCourseSettings(deps: Deps, user: User, input: CourseSettingsInput & { courseId: string; revision: number }) {
  const domain = { id: await domainIdOf(deps, input.domain) };
  const refusal = input.coverImage === undefined ? null : await coverImageRefusal(deps, input.coverImage);
  const { course, draft } = await saveDraft(deps, user, input, (_draft, before) => {
    // The cover the course already has (an imported course's picture) may be sent back unchanged.
    if (refusal && input.coverImage !== before.image) throw refusal;
    const coverImage = input.coverImage === undefined ? before.image : input.coverImage;
    const next = {
      name: input.name,
      slug: slugify(input.name),
      description: input.description,
      domainId: domain.id,
      courseType: input.courseType,
      priceCents: input.price === null ? null : Math.round(input.price * 100),
      isPremium: input.isPremium,
      image: coverImage,
    };
    const old = {
      name: before.name,
      description: before.description,
      domain: before.domainName,
      courseType: before.courseType,
      price: before.priceCents === null ? null : before.priceCents / 100,
      isPremium: before.isPremium,
      coverImage: before.image,
    };
    const now = { name: input.name, description: input.description, domain: input.domain, courseType: input.courseType, price: input.price, isPremium: input.isPremium, coverImage };
    const changed = (Object.keys(now) as (keyof typeof now)[]).filter((k) => old[k] !== now[k]);
    return {
      action: "course.settings",
      summary: changed.length ? `Changed ${changed.join(", ")}` : "Saved the settings unchanged",
      before: Object.fromEntries(changed.map((k) => [k, old[k]])),
      after: Object.fromEntries(changed.map((k) => [k, now[k]])),
      courseSet: next,
    };
  });
  return settingsView({ ...course, domainName: input.domain }, draft, await courseState(deps, course));
}
