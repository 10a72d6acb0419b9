// How Next's bundle hands the running app to server.mjs (`npm start`). server.mjs is plain Node
// outside the bundle: it cannot import the API without loading a second copy of every module, and so
// a second database (PGlite allows one owner of its folder) and second caches. Next builds the app
// into its bundle and runs instrumentation.ts while server.mjs awaits Next's start; that start hands
// over the one API listener and the one way to stop, on the same database as the pages. Both sides
// import this file, each its own copy of it, so the hand-over lives on the process's globals.

const APP = Symbol.for("learning-platform.app");

/** Called once by the bundle as it starts (instrumentation.ts). */
export function handOver(app) {
  globalThis[APP] = app;
}

/** What the bundle handed over, or undefined until it has. */
export function handedOver() {
  return globalThis[APP];
}
