// POST /api/auth/password-reset: the cookie door behind a password reset link (/reset-password/<token>). Sets the
// member's new password with the link, then signs them in here (every earlier sign-in of theirs has ended).
// Cross-site posts are refused (CSRF) before anything is read or written.
import { ZUsePasswordResetInput } from "@/lib/contracts/settings";
import { parseArguments } from "@/lib/contracts/parse";
import { assertSameSite } from "@/server/auth/csrf";
import { cookieHeader, createLoginSession, SESSION_COOKIE } from "@/server/auth/login-sessions";
import { singleUserMode } from "@/server/auth/mode";
import { getDb } from "@/server/db/client";
import { ConflictError, ValidationError } from "@/server/errors";
import type { DoorHandler, DoorRequest } from "@/server/http/door";
import { handle, json, readJson } from "@/server/http/respond";
import { usePasswordReset } from "@/server/services/projects/password-resets";

const BODY_LIMIT = 16 * 1024;

const isHttps = (req: DoorRequest) =>
  req.header("x-forwarded-proto")?.split(",")[0]?.trim() === "https" || req.url.startsWith("https:");

export const postPasswordReset: DoorHandler = (req) =>
  handle(async () => {
    assertSameSite(req.method, req);
    if (singleUserMode()) {
      throw new ConflictError(
        "This server runs in single-user mode (THOUGHTGRAPH_SINGLE_USER=1): there are no passwords to reset.",
        undefined,
        "Unset THOUGHTGRAPH_SINGLE_USER to use accounts.",
      );
    }
    const parsed = parseArguments(
      ZUsePasswordResetInput,
      await readJson(req, BODY_LIMIT),
      'Send {"token": "…", "password": "8+ characters"}.',
    );
    if (!parsed.ok) throw new ValidationError(parsed.problem);
    const db = getDb();
    const { userId, email } = await usePasswordReset(db, parsed.value.token, parsed.value.password);
    const { token, expiresAt } = await createLoginSession(db, userId);
    return json({ ok: true, email }, 200, {
      "set-cookie": cookieHeader(SESSION_COOKIE, token, { expires: expiresAt, secure: isHttps(req) }),
      "cache-control": "no-store",
    });
  });
