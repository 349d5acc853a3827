// POST /api/v1/thoughts — handler in server/http/routes/thoughts.ts (the production server also serves it directly).
import { nextRoute } from "@/server/http/door";
import { postThought } from "@/server/http/routes/thoughts";

export const POST = nextRoute(postThought);
