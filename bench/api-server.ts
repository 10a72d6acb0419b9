import { startStandaloneApi } from "@/lib/server/api/mount";
import { addBenchBaseline, startBenchTwins } from "./api-extras";
import { getDeps } from "@/lib/server/deps";

// The standalone API as the bench runs it: `npm run start:api`'s server, with the bench's baseline
// call and its bare twins beside it (api-extras.ts).
await startStandaloneApi({ extend: addBenchBaseline });
startBenchTwins(getDeps);
