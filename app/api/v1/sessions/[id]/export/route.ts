// GET /api/v1/sessions/{id}/export — handler in server/http/routes/session-export.ts.
export { GET } from "@/server/http/routes/session-export";
