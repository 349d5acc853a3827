// Anything else under /api/v1 answers a JSON 404 naming the documented routes, never Next's HTML page.
import type { DoorHandler } from "@/server/http/door";
import { errorResponse } from "@/server/http/respond";

export const notFound: DoorHandler = async (req) =>
  errorResponse(
    {
      code: "not_found",
      message: `No route ${req.method} ${req.url.split("?")[0]}.`,
      suggestion: "See GET /api/v1/openapi.json for the routes.",
    },
    404,
  );

/** A JSON 405 for a known path called with the wrong method. */
export function methodNotAllowed(allowed: string): DoorHandler {
  return async (req) =>
    errorResponse(
      {
        code: "method_not_allowed",
        message: `${req.method} is not supported on ${req.url.split("?")[0]}; use ${allowed}.`,
        suggestion: "See GET /api/v1/openapi.json for the routes.",
      },
      405,
      { allow: allowed },
    );
}
