// POST /api/v1/ingest — a batch of up to 1,000 events, answered 207 with one status per event.
import { currentLimits } from "@/server/config";
import type { DoorHandler } from "@/server/http/door";
import { authenticate, handle, json, readJsonText } from "@/server/http/respond";
import { ingestEvents } from "@/server/ingest/record-thoughts";

export const postIngest: DoorHandler = (req) =>
  handle(async () => {
    const who = await authenticate(req, "write");
    const body = await readJsonText(req, currentLimits().maxBodyBytes);
    return json({ results: await ingestEvents(who, body.value, body.text) }, 207);
  });
