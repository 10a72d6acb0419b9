import path from "node:path";
import { it } from "vitest";
import { exportContent } from "@/lib/server/content/export-content";
import { importContent } from "@/lib/server/content/import-content";
import { openTestDatabase } from "../support/test-db";
it("x", async () => {
  const d = await openTestDatabase();
  await importContent(d.db, path.join(process.cwd(), "content/demo"), { now: new Date("2025-01-15T10:00:37.250Z") });
  await exportContent(d.db, "/tmp/wtd-out", { force: true });
  await d.close();
});
