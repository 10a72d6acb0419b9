import path from "node:path";
import { ESLint } from "eslint";
import { describe, expect, it } from "vitest";

/**
 * The layer rules of eslint.config.mjs, tried on small fixtures placed (virtually) where the code would live:
 * each forbidden import must be an error, and its allowed twin must pass.
 */
// import/no-cycle walks real files on disk and cannot follow a virtual fixture.
const eslint = new ESLint({ cwd: path.resolve(import.meta.dirname, "../.."), overrideConfig: { rules: { "import/no-cycle": "off" } } });

async function ruleIds(filePath: string, code: string) {
  const [result] = await eslint.lintText(code, { filePath });
  return (result?.messages ?? []).filter((m) => m.severity === 2).map((m) => m.ruleId);
}

describe("lint keeps the layers apart", () => {
  it("refuses a client component that imports server code", async () => {
    const code = `"use client";\nimport { getDeps } from "@/lib/server/deps";\nexport const x = getDeps;\n`;
    expect(await ruleIds("components/learning/fixture.tsx", code)).toContain("import/no-restricted-paths");
    expect(await ruleIds("hooks/use-learning-fixture.ts", code)).toContain("import/no-restricted-paths");
    expect(await ruleIds("lib/browser/fixture.ts", code)).toContain("import/no-restricted-paths");
    expect(await ruleIds("components/learning/fixture.tsx", `"use client";\nimport { formatDuration } from "@/lib/format-duration";\nexport const x = formatDuration;\n`)).toEqual([]);
  });

  it("refuses server code in the app's client files, error.tsx and global-error.tsx included", async () => {
    const code = `"use client";\nimport { getDeps } from "@/lib/server/deps";\nexport const x = getDeps;\n`;
    expect(await ruleIds("app/(app)/error.tsx", code)).toContain("import/no-restricted-paths");
    expect(await ruleIds("app/global-error.tsx", code)).toContain("import/no-restricted-paths");
  });

  it("refuses a service that imports the HTTP layer", async () => {
    const code = `import { route } from "@/lib/server/api/route";\nexport const x = route;\n`;
    expect(await ruleIds("lib/server/services/learning/fixture.ts", code)).toContain("import/no-restricted-paths");
    const relative = `import { route } from "../../api/route";\nexport const x = route;\n`;
    expect(await ruleIds("lib/server/services/learning/fixture.ts", relative)).toContain("import/no-restricted-paths");
    expect(await ruleIds("lib/server/services/learning/fixture.ts", `import { notFound } from "@/lib/server/errors";\nexport const x = notFound;\n`)).toEqual([]);
  });

  it("refuses a route that imports the database", async () => {
    const code = `import { users } from "@/lib/server/db/schema";\nexport const x = users;\n`;
    expect(await ruleIds("lib/server/api/routes/fixture.ts", code)).toContain("import/no-restricted-paths");
  });

  it("lets the contract import only zod and itself", async () => {
    expect(await ruleIds("lib/contract/calls/fixture.ts", `import axios from "axios";\nexport const x = axios;\n`)).toContain("no-restricted-imports");
    expect(await ruleIds("lib/contract/calls/fixture.ts", `import { env } from "@/lib/env";\nexport const x = env;\n`)).toContain("no-restricted-imports");
    expect(await ruleIds("lib/contract/calls/fixture.ts", `import { z } from "zod";\nimport { idOf } from "../fields";\nexport const x = [z, idOf];\n`)).toEqual([]);
  });

  it("keeps the contract's schemas out of browser code, and lets its types in", async () => {
    const schema = `import { getVideoTree } from "@/lib/contract/calls/learning";\nexport const x = getVideoTree;\n`;
    expect(await ruleIds("lib/api/fixture.ts", schema)).toContain("@typescript-eslint/no-restricted-imports");
    expect(await ruleIds("components/learning/fixture.tsx", `"use client";\nimport { durationFilter } from "@/lib/contract/common";\nexport const x = durationFilter;\n`)).toContain(
      "@typescript-eslint/no-restricted-imports",
    );
    expect(await ruleIds("hooks/use-learning-fixture.ts", `import { z } from "zod";\nexport const x = z.string();\n`)).toContain("@typescript-eslint/no-restricted-imports");
    expect(await ruleIds("components/learning/fixture.tsx", `import { videoCourseTree } from "@/lib/contract/entities/learning";\nexport const x = videoCourseTree;\n`)).toContain(
      "@typescript-eslint/no-restricted-imports",
    );
    expect(await ruleIds("components/sign-in/fixture.tsx", `"use client";\nexport const load = () => import("@/lib/contract/common");\n`)).toContain("no-restricted-syntax");
    expect(await ruleIds("components/sign-in/fixture.tsx", `"use client";\nexport const load = () => import("@/lib/api/sign-in");\n`)).toEqual([]);
    const allowed = `import type { VideoCourseTree } from "@/lib/contract/entities/learning";\nimport { getVideoTree } from "@/lib/api/call-routes";\nimport { DURATION_FILTERS } from "@/lib/contract/filters";\nexport const x = [getVideoTree, DURATION_FILTERS] as unknown as VideoCourseTree;\n`;
    expect(await ruleIds("lib/api/fixture.ts", allowed)).toEqual([]);
  });

  it("refuses an update or delete without where()", async () => {
    const code = `import { users } from "@/lib/server/db/schema";\nexport const wipe = (db: any) => db.delete(users);\nexport const all = (tx: any) => tx.update(users).set({ name: "x" });\n`;
    const ids = await ruleIds("lib/server/services/learning/fixture.ts", code);
    expect(ids).toContain("drizzle/enforce-delete-with-where");
    expect(ids).toContain("drizzle/enforce-update-with-where");
  });
});
