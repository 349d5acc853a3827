// POST /api/v1/ingest — a batch of up to 1,000 events, answered 207 with one status per event (the service parses
// the body: each event is answered on its own).
import { currentLimits } from "@/server/config";
import type { RouteHandler } from "@/server/http/door";
import { json, readJsonText } from "@/server/http/respond";
import { ingestEvents } from "@/server/ingest/record-thoughts";

export const postIngest: RouteHandler = async (req, { principal }) => {
  const body = await readJsonText(req, currentLimits().maxBodyBytes);
  return json({ results: await ingestEvents(principal!, body.value, { bodyText: body.text }) }, 207);
};
