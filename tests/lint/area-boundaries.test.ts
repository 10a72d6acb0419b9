import { readFileSync } from "node:fs";
import path from "node:path";
import { ESLint } from "eslint";
import { describe, expect, it } from "vitest";

/**
 * The area rules of eslint.config.mjs, tried on small fixtures placed (virtually) in a service area:
 * each forbidden import must be an error of its rule, and its allowed twin must pass.
 */
const cwd = path.resolve(import.meta.dirname, "../..");
// import/no-cycle walks real files on disk and cannot follow a fixture at a path where no file is.
const eslint = new ESLint({ cwd, overrideConfig: { rules: { "import/no-cycle": "off" } } });

async function ruleIds(filePath: string, code: string, linter = eslint) {
  const [result] = await linter.lintText(code, { filePath: path.join(cwd, filePath) });
  return (result?.messages ?? []).filter((m) => m.severity === 2).map((m) => m.ruleId);
}

describe("lint keeps the service areas apart", () => {
  it("refuses a service file that imports another area's internal file, and lets it import that area's index", async () => {
    const fixture = "lib/server/services/dashboard/fixture.ts";
    const internal = `import { issueEarnedCertificates } from "../certificates/issue-certificates";\nexport const x = issueEarnedCertificates;\n`;
    expect(await ruleIds(fixture, internal)).toContain("import/no-restricted-paths");
    const aliased = `import { issueEarnedCertificates } from "@/lib/server/services/certificates/issue-certificates";\nexport const x = issueEarnedCertificates;\n`;
    expect(await ruleIds(fixture, aliased)).toContain("import/no-restricted-paths");
    const typeOnly = `import type { CertificateRow } from "../certificates/certificate-records";\nexport type X = CertificateRow;\n`;
    expect(await ruleIds(fixture, typeOnly)).toContain("import/no-restricted-paths");

    const throughIndex = `import { issueEarnedCertificates, type CertificateRow } from "../certificates";\nexport const x = issueEarnedCertificates;\nexport type X = CertificateRow;\n`;
    expect(await ruleIds(fixture, throughIndex)).toEqual([]);
    const ownFileAndCore = `import { getDashboardStats } from "./get-dashboard-stats";\nimport { isUuid } from "../../domain/ids";\nexport const x = [getDashboardStats, isUuid];\n`;
    expect(await ruleIds(fixture, ownFileAndCore)).toEqual([]);
  });

  it("refuses code outside the services (routes, jobs, server pages, the bench) reaching past an area's index", async () => {
    const internal = `import { closeMcqAttempt } from "@/lib/server/services/challenges/close-mcq-attempt";\nexport const x = closeMcqAttempt;\n`;
    const throughIndex = `import { closeMcqAttempt } from "@/lib/server/services/challenges";\nexport const x = closeMcqAttempt;\n`;
    for (const fixture of ["lib/server/jobs/fixture.ts", "lib/server/api/routes/fixture.ts", "lib/server/authorize.ts", "app/fixture/page.tsx", "bench/fixture.ts"]) {
      expect(await ruleIds(fixture, internal), fixture).toContain("import/no-restricted-paths");
      expect(await ruleIds(fixture, throughIndex), fixture).toEqual([]);
    }
  });

  it("refuses the domain core importing a service area, its index included", async () => {
    const fixture = "lib/server/domain/fixture.ts";
    expect(await ruleIds(fixture, `import { findSession } from "../services/sign-in";\nexport const x = findSession;\n`)).toContain("import/no-restricted-paths");
    expect(await ruleIds(fixture, `import { findSession } from "../services/sign-in/sessions";\nexport const x = findSession;\n`)).toContain("import/no-restricted-paths");
    expect(await ruleIds(fixture, `import { isUuid } from "./ids";\nimport { notFound } from "../errors";\nexport const x = [isUuid, notFound];\n`)).toEqual([]);
  });

  it("refuses an import cycle between areas", async () => {
    // The fixture stands at a real index, which learning's get-node-data imports: exporting that file
    // from it closes a circle challenges -> learning -> challenges.
    const index = "lib/server/services/challenges/index.ts";
    const config = await new ESLint({ cwd }).calculateConfigForFile(path.join(cwd, index));
    const [severity, options] = config.rules["import/no-cycle"] as [number | string, object];
    expect([2, "error"]).toContain(severity);
    // The rule's shortcut (strongly connected components) is computed from the files on disk, where the
    // fixture's circle does not exist; without it the rule walks the fixture's own imports.
    const walking = new ESLint({ cwd, overrideConfig: { rules: { "import/no-cycle": ["error", { ...options, disableScc: true }] } } });
    const current = readFileSync(path.join(cwd, index), "utf8");
    expect(await ruleIds(index, current, walking)).toEqual([]);
    expect(await ruleIds(index, `${current}export { getNodeData } from "../learning/get-node-data";\n`, walking)).toContain("import/no-cycle");
  });
});
