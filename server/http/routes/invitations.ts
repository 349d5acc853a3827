// POST /api/auth/invitations/accept: the cookie door that turns an invitation link into a membership. A signed-in
// person joins as themselves (and the project becomes their current one); a visitor without an account sends the
// account to create and leaves signed in. Cross-site posts are refused (CSRF) before anything is read or written.
import { ZAcceptInvitationInput, type AcceptInvitationResult } from "@/lib/contracts/settings";
import { parseArguments } from "@/lib/contracts/parse";
import { resolveActor } from "@/server/auth/actor";
import { assertSameSite } from "@/server/auth/csrf";
import { cookieHeader, createLoginSession, PROJECT_COOKIE, SESSION_COOKIE } from "@/server/auth/login-sessions";
import { singleUserMode } from "@/server/auth/mode";
import { getDb } from "@/server/db/client";
import { ConflictError, ValidationError } from "@/server/errors";
import type { DoorHandler, DoorRequest } from "@/server/http/door";
import { handle, json, readJson } from "@/server/http/respond";
import {
  acceptInvitation,
  acceptInvitationWithAccount,
  type AcceptOutcome,
} from "@/server/services/projects/invitations";

const BODY_LIMIT = 16 * 1024;
const PROJECT_COOKIE_MS = 365 * 24 * 3600_000;

const isHttps = (req: DoorRequest) =>
  req.header("x-forwarded-proto")?.split(",")[0]?.trim() === "https" || req.url.startsWith("https:");

const resultOf = (o: AcceptOutcome): AcceptInvitationResult => ({
  ok: true,
  projectId: o.projectId,
  projectName: o.projectName,
  role: o.role,
  alreadyMember: o.alreadyMember,
  accountCreated: o.accountCreated,
});

export const postAcceptInvitation: DoorHandler = (req) =>
  handle(async () => {
    assertSameSite(req.method, req);
    if (singleUserMode()) {
      throw new ConflictError(
        "This server runs in single-user mode (THOUGHTGRAPH_SINGLE_USER=1): there are no accounts to invite.",
        undefined,
        "Unset THOUGHTGRAPH_SINGLE_USER to use accounts.",
      );
    }
    const parsed = parseArguments(
      ZAcceptInvitationInput,
      await readJson(req, BODY_LIMIT),
      'Send {"token": "…"} when signed in, else {"token": "…", "email": "…", "password": "8+ characters"}.',
    );
    if (!parsed.ok) throw new ValidationError(parsed.problem);
    const input = parsed.value;
    const db = getDb();
    const secure = isHttps(req);

    const actor = await resolveActor(db, req.header("cookie"));
    if (actor?.kind === "user") {
      const outcome = await acceptInvitation(db, input.token, actor.user);
      return json(resultOf(outcome), 200, {
        "set-cookie": cookieHeader(PROJECT_COOKIE, outcome.projectId, {
          expires: new Date(Date.now() + PROJECT_COOKIE_MS),
          secure,
        }),
        "cache-control": "no-store",
      });
    }

    const outcome = await acceptInvitationWithAccount(db, input.token, input);
    // A new person has this one project, so it is their current one without a project cookie.
    const { token, expiresAt } = await createLoginSession(db, outcome.userId);
    return json(resultOf(outcome), 201, {
      "set-cookie": cookieHeader(SESSION_COOKIE, token, { expires: expiresAt, secure }),
      "cache-control": "no-store",
    });
  });
