// POST /api/v1/ingest — handler in server/http/routes/ingest.ts (the production server also serves it directly).
import { nextRoute } from "@/server/http/door";
import { postIngest } from "@/server/http/routes/ingest";

export const POST = nextRoute(postIngest);
