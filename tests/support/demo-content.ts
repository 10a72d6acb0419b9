import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { parse } from "yaml";

/** The demo content's folder, and how many users and courses it holds: tests that count rows after a seed read them here, so a new demo account changes no test. */
const demoDir = path.resolve(import.meta.dirname, "../../content/demo");

export const DEMO_USERS = (parse(readFileSync(path.join(demoDir, "users.yaml"), "utf8")) as unknown[]).length;
export const DEMO_COURSES = readdirSync(path.join(demoDir, "courses")).filter((f) => f.endsWith(".yaml")).length;
