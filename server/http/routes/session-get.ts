// GET /api/v1/sessions/{id} — by our id or the agent's own key: { session, thoughts, branches }.
import { getDb } from "@/server/db/client";
import { authenticate, handle, json } from "@/server/http/respond";
import { getSessionGraph } from "@/server/services/sessions";

export async function GET(req: Request, ctx: { params: Promise<{ id: string }> }): Promise<Response> {
  return handle(async () => {
    const who = await authenticate(req);
    const { id } = await ctx.params;
    return json(await getSessionGraph(getDb(), who.projectId, id));
  });
}
