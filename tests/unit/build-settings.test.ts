import { describe, expect, it } from "vitest";
import { buildSettingContradictions } from "@/lib/server/build-settings";

describe("settings the browser's code was built with", () => {
  const apiBase = (built: string, running: string | undefined) => buildSettingContradictions([{ name: "NEXT_PUBLIC_API_BASE_URL", built, running }]);

  it("refuses a server given another API address than its build, naming both values and the way out", () => {
    const [line, ...others] = apiBase("/api", "https://api.example.com/api");
    expect(others).toEqual([]);
    expect(line).toBe(
      'NEXT_PUBLIC_API_BASE_URL is "https://api.example.com/api" for this server, but the app was built with "/api", and the browser\'s code uses the value it was built with. ' +
        "Build again with it set (NEXT_PUBLIC_API_BASE_URL=https://api.example.com/api npm run build), or start the server without it.",
    );
  });

  it("starts when the value is the build's, differs by a trailing slash only, or is not given", () => {
    expect(apiBase("https://api.example.com/api", "https://api.example.com/api")).toEqual([]);
    expect(apiBase("/api", "/api/")).toEqual([]);
    expect(apiBase("/api", undefined)).toEqual([]);
    expect(apiBase("/api", "  ")).toEqual([]);
  });
});
