// POST /api/v1/thoughts — handler in server/http/routes/thoughts.ts (also served by the fast path, scripts/start.ts).
export { POST } from "@/server/http/routes/thoughts";
