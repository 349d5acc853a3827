// POST /api/v1/ingest — handler in server/http/routes/ingest.ts.
export { POST } from "@/server/http/routes/ingest";
