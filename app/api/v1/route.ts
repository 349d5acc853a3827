// /api/v1 itself: a JSON 404 pointing at the route list, like every other unknown /api/v1 path (route-table.ts).
import { nextDispatch } from "@/server/http/route-table";

export {
  nextDispatch as GET,
  nextDispatch as POST,
  nextDispatch as PUT,
  nextDispatch as PATCH,
  nextDispatch as DELETE,
};
