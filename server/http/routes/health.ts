// GET /api/health — 200 when the database answers, 503 otherwise. No key needed; reveals nothing else.
import { getDb } from "@/server/db/client";


export async function GET(): Promise<Response> {
  try {
    await getDb().project.count();
    return Response.json({ status: "ok", database: "reachable" });
  } catch {
    return Response.json({ status: "error", database: "unreachable" }, { status: 503 });
  }
}
