// Anything else under /api/v1 answers a JSON 404 naming the documented routes, never Next's HTML page.
import { errorResponse } from "@/server/http/respond";

function notFound(req: Request): Response {
  return errorResponse(
    {
      code: "not_found",
      message: `No route ${req.method} ${new URL(req.url).pathname}.`,
      suggestion: "See GET /api/v1/openapi.json for the routes.",
    },
    404,
  );
}

export { notFound as GET, notFound as POST, notFound as PUT, notFound as PATCH, notFound as DELETE };
