import "server-only";
import type { Deps } from "../../deps";
import type { User } from "../../domain/user";
import { personDataZip } from "../studio-people";

/** GET /user/data-export: the signed-in person's own data, the same zip an administrator's export gives. */
export const exportMyData = (deps: Deps, user: User) => personDataZip(deps, user.id, deps.now());
