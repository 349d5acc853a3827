// GET /api/health — handler in server/http/routes/health.ts.
export { GET } from "@/server/http/routes/health";
export const dynamic = "force-dynamic";
