import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import * as routes from "@/lib/api/call-routes";
import { callModules, callsByName, fullPath } from "@/lib/contract";
import { renderCallRoutes } from "@/lib/contract/render-call-routes";

describe("the browser's call routes", () => {
  it("are the contract's calls as the contract stands (run `npm run contract:routes` after changing a call)", () => {
    const file = readFileSync(path.join(import.meta.dirname, "../../lib/api/call-routes.ts"), "utf8");
    expect(file).toBe(renderCallRoutes(callModules));
  });

  it("send every call to the method and path the API serves it at", () => {
    const names = Object.keys(callsByName);
    expect(Object.keys(routes).sort()).toEqual([...names].sort());
    for (const name of names) {
      const route = (routes as Record<string, { method: string; fullPath: string }>)[name]!;
      expect(`${route.method} ${route.fullPath}`, name).toBe(`${callsByName[name]!.method} ${fullPath(callsByName[name]!)}`);
    }
  });
});
