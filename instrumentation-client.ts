import { config } from "zod/v4/core";

// The Content-Security-Policy (proxy.ts) forbids eval. Zod checks whether it may compile a schema
// when the schema is built, and that check is reported by the browser as a violation; told here,
// before any page module runs, it parses without compiling.
config({ jitless: true });
