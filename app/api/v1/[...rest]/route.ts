// Every /api/v1 route behind Next (dev, and the production server with THOUGHTGRAPH_FAST_API=0) dispatches through
// the route table (server/http/route-table.ts): the route, a JSON 405 for a known path, or a JSON 404.
import { nextDispatch } from "@/server/http/route-table";

export {
  nextDispatch as GET,
  nextDispatch as POST,
  nextDispatch as PUT,
  nextDispatch as PATCH,
  nextDispatch as DELETE,
};
export const dynamic = "force-dynamic";
