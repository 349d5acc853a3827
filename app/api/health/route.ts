// GET /api/health — declared in the route table (server/http/route-table.ts), like the /api/v1 routes; any other
// method answers the table's JSON 405.
import { nextDispatch } from "@/server/http/route-table";

export {
  nextDispatch as GET,
  nextDispatch as POST,
  nextDispatch as PUT,
  nextDispatch as PATCH,
  nextDispatch as DELETE,
};
export const dynamic = "force-dynamic";
