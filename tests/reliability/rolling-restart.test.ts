import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApi, type TestApi } from "../support/api";
import { databaseUrlOf, freePort, sleep, startApiProcess, startProxy, stopApiProcess, type ApiProcess } from "../support/app-processes";
import { essayDraftWrites, mcqAnswerWrites, watchRecords, type Writer } from "../support/restart-writers";

// Two app processes on one PostgreSQL database behind a proxy, restarted one after the other as a
// deployment does, while learners keep writing. The processes are the standalone API's
// (`npm run start:api`): the same deps and the same way of stopping as `npm start` (stop-gracefully.mjs).
const enabled = Boolean(process.env.DATABASE_URL && process.env.RELIABILITY === "1");

describe.runIf(enabled)("a rolling restart of two app processes under 20 writing clients", () => {
  let t: TestApi;
  let proxy: Awaited<ReturnType<typeof startProxy>>;
  const apis: ApiProcess[] = [];
  let ports: number[] = [];
  let databaseUrl = "";

  beforeAll(async () => {
    t = await createTestApi();
    databaseUrl = databaseUrlOf(process.env.DATABASE_URL!, String((await t.database.raw("select current_database() as name"))[0]!.name));
    ports = [await freePort(), await freePort()];
    proxy = await startProxy(() => ports.map((port) => `http://127.0.0.1:${port}`));
  });
  afterAll(async () => {
    for (const api of apis) api.proc.kill("SIGKILL");
    await proxy?.close();
    await t?.close();
  });

  it("fails no request and loses or doubles no record while each process is stopped and started again", async () => {
    const writers: Writer[] = [watchRecords(7), mcqAnswerWrites(7), essayDraftWrites(6)];
    // The learners sign in through the in-process API before the processes start, whose job workers would otherwise send their links.
    for (const writer of writers) await writer.setup({ t, baseURL: `${proxy.url}/api` });
    // As behind a load balancer that checks health: each process fails its health check for 2 s before it closes its socket.
    const env = { STOP_DRAIN_SECONDS: "2" };
    apis.push(...(await Promise.all(ports.map((port) => startApiProcess(databaseUrl, { port, env })))));

    const acknowledged = writers.map((w) => Array.from({ length: w.clients }, () => [] as string[]));
    const clientFailures: string[] = [];
    let restarting = true;
    const client = async (writer: Writer, n: number, acked: string[]) => {
      for (let seq = 0; restarting; seq++) {
        const key = `c${n}-${seq}`;
        // A failed write is sent again with the same key, as the app's client does, so the records can still be checked; the failure is counted.
        for (let tries = 0; ; tries++) {
          try {
            await writer.write(n, seq, key);
            acked.push(key);
            break;
          } catch (err) {
            clientFailures.push(`${writer.name}, client ${n}, ${key}: ${String(err)}`);
            if (tries > 20) throw err;
            await sleep(200);
          }
        }
      }
    };
    const exitCodes: (number | null)[] = [];
    const rollingRestart = async () => {
      try {
        for (const i of [0, 1]) {
          await sleep(1500);
          const stopping = Date.now();
          exitCodes.push(await stopApiProcess(apis[i]!));
          const starting = Date.now();
          apis[i] = await startApiProcess(databaseUrl, { port: ports[i], env });
          console.log(`process ${i}: stopped in ${starting - stopping} ms, started in ${Date.now() - starting} ms`);
        }
        await sleep(1500);
      } finally {
        restarting = false;
      }
    };
    await Promise.all([...writers.flatMap((w, i) => acknowledged[i]!.map((acked, n) => client(w, n, acked))), rollingRestart()]);

    expect(exitCodes).toEqual([0, 0]);
    expect(proxy.failures).toEqual([]);
    expect(clientFailures).toEqual([]);
    expect(proxy.answers.filter((a) => a.status >= 300)).toEqual([]);
    for (const [i, writer] of writers.entries()) await writer.verify(acknowledged[i]!);
    // The writes crossed both restarts: each backend answered, and each stopped process refused connections a while.
    expect(new Set(proxy.answers.map((a) => a.backend)).size).toBe(2);
    expect(acknowledged.flat().every((keys) => keys.length > 5)).toBe(true);
  }, 400_000);
});
