// GET /api/v1/sessions/{id} — handler in server/http/routes/session-get.ts.
export { GET } from "@/server/http/routes/session-get";
