import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { importPeople } from "@/lib/contract/calls/studio-people";
import { operatorCommands, runOperatorCommand, UsageError } from "@/lib/server/operations/commands";
import { createTestApi, type TestApi } from "../support/api";

let t: TestApi;
let admin: string;
const dir = mkdtempSync(path.join(tmpdir(), "people-import-"));
beforeAll(async () => {
  t = await createTestApi();
  await t.createUser({ email: "admin@example.com", role: "admin" });
  admin = await t.signIn("admin@example.com");
}, 60_000);
afterAll(() => t.close());

const HEADER = "email,name,userKind,plan,batch,role,preferredLanguage,accessExpiry";

/** Runs `npm run users:import -- ARGS` on the test's database, as the script or the owning server would; returns its exit code and lines. */
async function usersImport(...args: string[]) {
  const out: string[] = [];
  const err: string[] = [];
  const work = operatorCommands["users:import"].parse(args);
  const code = await runOperatorCommand(
    { database: t.database, deps: t.deps, where: "the test database", cwd: dir, inServer: false, out: { log: (l: string) => out.push(l), error: (l: string) => err.push(l) } },
    "users:import",
    work,
  );
  return { code, out, err };
}

describe("npm run users:import", () => {
  it("prints the same problems as the studio's dry run, by line, and writes nothing", async () => {
    writeFileSync(path.join(dir, "bad.csv"), [HEADER, "ok@example.com,Ok,,,,,,", "nope,No,,Gold,,,,", "OK@example.com,Again,,,,,,"].join("\n"));
    const dry = await usersImport("bad.csv", "--dry-run");
    expect(dry.code).toBe(1);
    const form = new FormData();
    form.append("file", new Blob([[HEADER, "ok@example.com,Ok,,,,,,", "nope,No,,Gold,,,,", "OK@example.com,Again,,,,,,"].join("\n")]), "bad.csv");
    form.append("dryRun", "true");
    const api = await t.call(importPeople, { token: admin, body: form });
    const lines = api.body.problems.map((p: { line: number; message: string }) => `  line ${p.line}: ${p.message}`);
    expect(dry.err).toEqual(["bad.csv would import nothing: it has 2 problems:", ...lines]);
    expect(lines[0]).toContain('line 3: email "nope"');

    const real = await usersImport("bad.csv");
    expect(real.code).toBe(1);
    expect(real.err).toEqual(["Nothing was imported: bad.csv has 2 problems:", ...lines]);
    expect(await t.userByEmail("ok@example.com")).toBeUndefined();
  });

  it("imports a good file and queues one invitation per person", async () => {
    writeFileSync(path.join(dir, "good.csv"), [HEADER, 'ok@example.com,"Okafor, Ada",,,,,,', "two@example.com,Two,,,,,,"].join("\r\n"));
    const dry = await usersImport("good.csv", "--dry-run");
    expect(dry).toMatchObject({ code: 0, out: ["good.csv is valid (nothing written): 2 people would be added and invited."] });
    expect(await t.userByEmail("ok@example.com")).toBeUndefined();
    const real = await usersImport("good.csv");
    expect(real).toMatchObject({ code: 0, out: ["Imported good.csv into the test database: 2 people added, 2 invitations queued."] });
    expect(await t.userByEmail("ok@example.com")).toMatchObject({ name: "Okafor, Ada" });
    await t.deps.settle();
    expect(t.mailer.sent.filter((m) => m.to === "ok@example.com" || m.to === "two@example.com")).toHaveLength(2);
  });

  it("names a file it cannot read, and refuses arguments that make no command", async () => {
    expect(await usersImport("missing.csv")).toMatchObject({ code: 1, err: [expect.stringContaining("missing.csv cannot be read")] });
    expect(() => operatorCommands["users:import"].parse([])).toThrow(UsageError);
    expect(() => operatorCommands["users:import"].parse(["a.csv", "--dryrun"])).toThrow(/Unknown option --dryrun/);
  });
});
