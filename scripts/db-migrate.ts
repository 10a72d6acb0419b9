import { openDatabase } from "../lib/server/db/client";
const d = await openDatabase({});
await d.migrate();
console.log(await d.raw("select count(*) from users"));
await d.close();
