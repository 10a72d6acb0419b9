import "server-only";
import { sql } from "drizzle-orm";
import type { Deps } from "../../deps";

/** Every program by name, with its course and batch counts: one statement (a platform has tens of programs). */
export async function listPrograms(deps: Deps) {
  const result = await deps.db.execute(sql`
    select p.id, p.key, p.name, p.image, p.sequential,
      (select count(*)::int from program_courses pc where pc.program_id = p.id) as "courseCount",
      (select count(*)::int from batches b where b.program_id = p.id) as "batchCount"
    from programs p order by p.name, p.key`);
  const rows = (result as unknown as { rows: { id: string; key: string; name: string; image: string | null; sequential: boolean; courseCount: number; batchCount: number }[] }).rows;
  return { programs: rows.map((r) => ({ ...r, courseCount: Number(r.courseCount), batchCount: Number(r.batchCount) })) };
}
