// Unknown /api/v1 routes answer a JSON 404 — handler in server/http/routes/not-found.ts.
import { nextRoute } from "@/server/http/door";
import { notFound } from "@/server/http/routes/not-found";

const handler = nextRoute(notFound);
export { handler as GET, handler as POST, handler as PUT, handler as PATCH, handler as DELETE };
