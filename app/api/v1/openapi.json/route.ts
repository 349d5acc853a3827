// GET /api/v1/openapi.json — handler in server/http/routes/openapi.ts.
export { GET } from "@/server/http/routes/openapi";
