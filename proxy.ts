// Runs before every page request: hands the path to server components (the dashboard layout sends a signed-out
// visitor to /login?next=<path>). Authentication itself happens in the layout and the API doors, against the database.
import { NextResponse, type NextRequest } from "next/server";

export function proxy(request: NextRequest) {
  const headers = new Headers(request.headers);
  headers.set("x-thoughtgraph-path", request.nextUrl.pathname + request.nextUrl.search);
  return NextResponse.next({ request: { headers } });
}

export const config = {
  matcher: ["/((?!api/|_next/|icon.svg|favicon.ico).*)"],
};
