import "server-only";
import { and, eq, ne } from "drizzle-orm";
import { hostMatchesPattern } from "@/lib/branding";
import { COMPANY_BACKGROUND_MAX_BYTES, COMPANY_LOGO_MAX_BYTES } from "@/lib/contract/company-rules";
import { companies, mediaFiles } from "../../db/schema";
import type { Deps } from "../../deps";
import { ApiError } from "../../errors";

/** The address a studio upload's original is served at: /api/files/media/{id}/original.{ext}. */
const uploadedOriginal = /^\/api\/files\/media\/([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})\/(original\.[a-z0-9]+)$/;

export type ImageField = "logoUrl" | "logoDarkUrl" | "loginBackgroundUrl";
const FIELD_WORDS: Record<ImageField, string> = { logoUrl: "the logo", logoDarkUrl: "the dark logo", loginBackgroundUrl: "the login background" };
const LIMITS: Record<ImageField, number> = { logoUrl: COMPANY_LOGO_MAX_BYTES, logoDarkUrl: COMPANY_LOGO_MAX_BYTES, loginBackgroundUrl: COMPANY_BACKGROUND_MAX_BYTES };
const mb = (bytes: number) => `${(bytes / (1024 * 1024)).toFixed(1).replace(/\.0$/, "")} MB`;
const imageInvalid = (message: string, details: Record<string, string | number>) => new ApiError(400, "company_image_invalid", message, {}, details);

/**
 * Refuses an image address a company may not have: anything but an image (PNG, JPEG, WebP, its first
 * bytes checked when it was uploaded) uploaded in the studio and no larger than the field takes. The
 * address the company has already (an imported company's SVG logo, say) is kept as it is: the caller
 * checks only addresses that change.
 */
export async function checkCompanyImage(deps: Deps, field: ImageField, url: string) {
  const match = uploadedOriginal.exec(url);
  if (!match)
    throw imageInvalid(
      `${field} must be the address of a PNG, JPEG or WebP image uploaded in the studio (/api/files/media/{id}/original.png); "${url.slice(0, 200)}" is not one.`,
      { reason: "notUploaded", field, url: url.slice(0, 200) },
    );
  const [, id, name] = match;
  const [media] = await deps.db
    .select({ kind: mediaFiles.kind, sizeBytes: mediaFiles.sizeBytes, originalName: mediaFiles.originalName })
    .from(mediaFiles)
    .where(and(eq(mediaFiles.id, id!), eq(mediaFiles.originalKey, `media/${id}/${name}`)))
    .limit(1);
  if (!media) throw imageInvalid(`${field}: no upload is stored at "${url.slice(0, 200)}"; upload ${FIELD_WORDS[field]} again.`, { reason: "missing", field, url: url.slice(0, 200) });
  if (media.kind !== "image") {
    throw imageInvalid(`${field} must be an image upload; "${media.originalName}" is a ${media.kind}.`, { reason: "notImage", field, file: media.originalName, kind: media.kind });
  }
  if (media.sizeBytes > LIMITS[field]) {
    throw imageInvalid(`${field}: "${media.originalName}" is ${mb(media.sizeBytes)}; ${FIELD_WORDS[field]} may be at most ${mb(LIMITS[field])}.`, {
      reason: "tooLarge",
      field,
      file: media.originalName,
      sizeBytes: media.sizeBytes,
      maxBytes: LIMITS[field],
    });
  }
}

/**
 * Refuses a host pattern that would make a host's brand ambiguous: one another company has, or a
 * wildcard that would also match the exact host of another company (that host would answer to two).
 */
export async function checkHostPattern(deps: Deps, pattern: string, exceptId: string | null) {
  const others = await deps.db
    .select({ key: companies.key, name: companies.name, hostPattern: companies.hostPattern })
    .from(companies)
    .where(exceptId ? ne(companies.id, exceptId) : undefined);
  const same = others.find((o) => o.hostPattern.toLowerCase() === pattern);
  if (same) throw hostPatternTaken(pattern, same);
  if (pattern.startsWith("*.")) {
    const covered = others.find((o) => !o.hostPattern.startsWith("*.") && hostMatchesPattern(o.hostPattern.toLowerCase(), pattern));
    if (covered)
      throw new ApiError(
        409,
        "company_host_pattern_taken",
        `The host pattern ${pattern} would also match ${covered.hostPattern}, the host of the company ${covered.name} (${covered.key}): choose a pattern that does not cover another company's host.`,
        {},
        { reason: "covers", pattern, host: covered.hostPattern, company: covered.name, companyKey: covered.key },
      );
  }
}

export const hostPatternTaken = (pattern: string, other: { key: string; name: string } | null) =>
  new ApiError(
    409,
    "company_host_pattern_taken",
    other
      ? `The host pattern ${pattern} belongs to the company ${other.name} (${other.key}): each host pattern names one company.`
      : `The host pattern ${pattern} belongs to another company: each host pattern names one company.`,
    {},
    other ? { reason: "taken", pattern, company: other.name, companyKey: other.key } : { reason: "takenByAnother", pattern },
  );
