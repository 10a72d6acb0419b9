import { importContent } from "@/lib/server/content/import-content";
import { openDatabase } from "@/lib/server/db/client";
const d = await openDatabase({});
await d.migrate();
try {
  console.log(await importContent(d.db, "content/demo"));
  console.log(await importContent(d.db, "content/demo"));
} catch (e) { console.log(String((e as Error).message)); }
console.log(await d.raw("select (select count(*) from videos) v, (select count(*) from mcq_options) o, (select count(*) from chapters) c"));
await d.close();
