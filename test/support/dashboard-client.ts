// The dashboard's doors as a browser uses them, over real HTTP: sign in through POST /api/auth/login (keeping the
// cookie), and tRPC procedures called the way @trpc/client calls them (queries as GET ?input=, mutations as a POST of
// the JSON input), with the same-origin headers a browser sends.
import type { RunningServer } from "@/scripts/lib/server-process";

export interface TrpcAnswer<T = unknown> {
  status: number;
  data: T | undefined;
  /** tRPC's error: `data.code` is e.g. "FORBIDDEN", `message` says why. */
  error: { message: string; data?: { code?: string; httpStatus?: number } } | undefined;
}

/** Signs in and returns the `Cookie` header value that carries the login session. */
export async function signIn(server: RunningServer, email: string, password: string): Promise<string> {
  const res = await fetch(`${server.url}/api/auth/login`, {
    method: "POST",
    headers: { "content-type": "application/json", origin: server.url },
    body: JSON.stringify({ email, password }),
  });
  const token = res.headers.get("set-cookie")?.match(/^tg_session=([^;]+)/)?.[1];
  if (res.status !== 200 || !token) throw new Error(`sign-in as ${email} failed: ${res.status} ${await res.text()}`);
  return `tg_session=${token}`;
}

async function answer<T>(res: Response): Promise<TrpcAnswer<T>> {
  const body = (await res.json()) as { result?: { data?: T }; error?: TrpcAnswer["error"] };
  return { status: res.status, data: body.result?.data, error: body.error };
}

export async function trpcQuery<T = unknown>(
  server: RunningServer,
  cookie: string | null,
  path: string,
  input?: unknown,
): Promise<TrpcAnswer<T>> {
  const query = input === undefined ? "" : `?input=${encodeURIComponent(JSON.stringify(input))}`;
  const res = await fetch(`${server.url}/api/trpc/${path}${query}`, { headers: cookie ? { cookie } : {} });
  return answer<T>(res);
}

export async function trpcMutation<T = unknown>(
  server: RunningServer,
  cookie: string | null,
  path: string,
  input: unknown,
  headers: Record<string, string> = {},
): Promise<TrpcAnswer<T>> {
  const res = await fetch(`${server.url}/api/trpc/${path}`, {
    method: "POST",
    headers: {
      "content-type": "application/json",
      origin: server.url,
      "sec-fetch-site": "same-origin",
      ...(cookie ? { cookie } : {}),
      ...headers,
    },
    body: JSON.stringify(input),
  });
  return answer<T>(res);
}
