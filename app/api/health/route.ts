// GET /api/health — declared in the route table (server/http/route-table.ts), like the /api/v1 routes.
import { nextDispatch } from "@/server/http/route-table";

export const GET = nextDispatch;
export const dynamic = "force-dynamic";
