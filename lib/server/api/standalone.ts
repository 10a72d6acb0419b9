import { startStandaloneApi } from "./mount";

// `npm run start:api`: the API as its own Node process (mount.ts).
await startStandaloneApi();
