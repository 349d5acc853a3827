// GET /api/v1/sessions — handler in server/http/routes/sessions-list.ts.
export { GET } from "@/server/http/routes/sessions-list";
