// POST /api/v1/sessions/import — handler in server/http/routes/session-import.ts.
export { POST } from "@/server/http/routes/session-import";
