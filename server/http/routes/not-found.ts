// Anything else under /api answers a JSON 404 saying where the routes are, never Next's HTML page.
import type { DoorHandler } from "@/server/http/door";
import { errorResponse } from "@/server/http/respond";

/** Where to look instead, by the part of /api the unknown path is in. */
function suggestionFor(path: string): string {
  if (path === "/api/mcp" || path.startsWith("/api/mcp/")) {
    return "The MCP endpoints are /api/mcp (sequential thinking) and /api/mcp/thoughtmcp (ThoughtMCP).";
  }
  if (path.startsWith("/api/auth/")) {
    return "The dashboard's sign-in routes are POST /api/auth/login, /logout, /signup, /project and /invitations/accept.";
  }
  return "See GET /api/v1/openapi.json for the routes.";
}

export const notFound: DoorHandler = async (req) => {
  const path = req.url.split("?")[0]!;
  return errorResponse(
    { code: "not_found", message: `No route ${req.method} ${path}.`, suggestion: suggestionFor(path) },
    404,
  );
};

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
