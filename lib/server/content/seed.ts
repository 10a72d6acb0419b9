import "server-only";
import path from "node:path";
import type { Db } from "@/lib/server/db/client";
import { users } from "@/lib/server/db/schema";
import { seedDemoActivity } from "./demo-activity";
import { importContent, type ImportSummary } from "./import-content";

/** The demo content shipped with the app. */
export const demoContentDir = () => path.join(/*turbopackIgnore: true*/ process.cwd(), "content/demo");

/**
 * Fills an empty database (no users yet) with the demo content, and the demo activity (an essay
 * waiting for a grader); returns null when there was something already.
 */
export async function seedDemoIfEmpty(db: Db): Promise<ImportSummary | null> {
  const existing = await db.select({ id: users.id }).from(users).limit(1);
  if (existing.length) return null;
  const summary = await importContent(db, demoContentDir());
  await seedDemoActivity(db);
  return summary;
}
