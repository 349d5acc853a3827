// GET /api/health — 200 when the database answers, 503 otherwise. No key needed; reveals nothing else.
import { getDb } from "@/server/db/client";
import type { DoorHandler } from "@/server/http/door";
import { json } from "@/server/http/respond";

export const getHealth: DoorHandler = async () => {
  try {
    await getDb().project.count();
    return json({ status: "ok", database: "reachable" });
  } catch {
    return json({ status: "error", database: "unreachable" }, 503);
  }
};
