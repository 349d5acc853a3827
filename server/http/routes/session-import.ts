// POST /api/v1/sessions/import — a JSON export becomes a new session with the same thoughts, branches and links.
import { currentLimits } from "@/server/config";
import type { DoorHandler } from "@/server/http/door";
import { authenticate, handle, json, readJson } from "@/server/http/respond";
import { importSession } from "@/server/services/sessions/session-transfer";

export const postSessionImport: DoorHandler = (req) =>
  handle(async () => {
    const who = await authenticate(req, "write");
    const limits = currentLimits();
    const body = await readJson(req, limits.maxBodyBytes);
    return json(await importSession(who.projectId, body, limits), 201);
  });
