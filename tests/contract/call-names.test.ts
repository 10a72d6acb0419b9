import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { callModules, isCall } from "@/lib/contract";
import { kebab, renderCallIndex } from "@/lib/contract/render-call-routes";

/**
 * One name per call: a call's contract key is also its service function, the file that holds it
 * (`getMcqBlock` in services/challenges/get-mcq-block.ts), the name its route hands it to, and the
 * name of its client function or query options in lib/api/<area>.ts. The spec's spelling lives in the
 * call's path only. A newcomer who knows one of the names finds the others without a search.
 */
const root = path.resolve(import.meta.dirname, "../..");
const read = (file: string) => (existsSync(path.join(root, file)) ? readFileSync(path.join(root, file), "utf8") : "");

const calls = Object.entries(callModules).flatMap(([area, module]) =>
  Object.entries(module)
    .filter(([, value]) => isCall(value))
    .map(([name]) => ({ area, name })),
);

describe("one name per call", () => {
  it("names each call's service function and its file after the call's contract key, and exports it from the area's index", () => {
    const wrong = calls.flatMap(({ area, name }) => {
      const file = `lib/server/services/${area}/${kebab(name)}.ts`;
      const problems: string[] = [];
      if (!new RegExp(`export (async function|const) ${name}\\b`).test(read(file))) problems.push(`${file} does not export ${name}`);
      if (!new RegExp(`export \\{[^}]*\\b${name}\\b[^}]*\\} from "\\./${kebab(name)}"`).test(read(`lib/server/services/${area}/index.ts`)))
        problems.push(`services/${area}/index.ts does not export ${name} from ./${kebab(name)}`);
      return problems;
    });
    expect(wrong).toEqual([]);
  });

  it("has each route hand its call to the service of the same name", () => {
    const wrong = calls.flatMap(({ area, name }) => {
      const routes = read(`lib/server/api/routes/${area}.ts`);
      const registered = new RegExp(`calls\\.${name},[^]*?=>[^]*?\\b${name}\\(`).exec(routes);
      // The handler is the first function called after the call is registered, before the next registration.
      const handler = registered && !registered[0].slice(registered[0].indexOf(",")).includes("calls.");
      return handler ? [] : [`lib/server/api/routes/${area}.ts does not route calls.${name} to ${name}()`];
    });
    expect(wrong).toEqual([]);
  });

  it("names each client function or query options of lib/api after the call it sends", () => {
    const wrong = calls.flatMap(({ area, name }) => {
      const client = read(`lib/api/${area}.ts`);
      if (!client.includes(`calls.${name}`)) return []; // not every call is made by the browser (administrators' calls, for one)
      const named = new RegExp(`(export (const|async function|function) ${name}\\b)|(\\n  ${name}: \\()`).test(client);
      return named ? [] : [`lib/api/${area}.ts sends calls.${name} but has no function or query options named ${name}`];
    });
    expect(wrong).toEqual([]);
  });

  it("lists every call in docs/calls.md as the contract stands (run `npm run contract:routes` after changing a call)", () => {
    expect(read("docs/calls.md")).toBe(renderCallIndex(callModules));
  });
});
