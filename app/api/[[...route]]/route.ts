import { createApi } from "@/lib/server/api/app";
import { getDeps } from "@/lib/server/deps";

export const runtime = "nodejs";
export const dynamic = "force-dynamic";

const api = createApi(getDeps);
const handle = (request: Request) => api.fetch(request);

export { handle as GET, handle as POST, handle as PUT, handle as PATCH, handle as DELETE, handle as HEAD, handle as OPTIONS };
