// The sign-in doors of the dashboard (cookies, so not under /api/v1): POST /api/auth/login, /logout, /signup (the
// first account only) and /project (switch the current project). Every one refuses cross-site posts (CSRF) and
// answers errors in the one JSON shape, naming the field.
import { ZLoginInput, ZSignUpInput, ZSwitchProjectInput } from "@/lib/contracts/auth";
import { parseArguments } from "@/lib/contracts/parse";
import { assertSameSite } from "@/server/auth/csrf";
import {
  clearedCookieHeader,
  cookieHeader,
  createLoginSession,
  endLoginSession,
  parseCookies,
  PROJECT_COOKIE,
  SESSION_COOKIE,
} from "@/server/auth/login-sessions";
import { resolveActor } from "@/server/auth/actor";
import { singleUserMode } from "@/server/auth/mode";
import { getDb } from "@/server/db/client";
import { ConflictError, DomainError, NotFoundError, UnauthorizedError, ValidationError } from "@/server/errors";
import type { DoorHandler, DoorRequest } from "@/server/http/door";
import { handle, json, readJson } from "@/server/http/respond";
import { checkCredentials, signUpFirstUser } from "@/server/services/accounts";
import { assertNotThrottled, noteSignInResult } from "@/server/services/login-throttle";

const BODY_LIMIT = 16 * 1024;

const isHttps = (req: DoorRequest) =>
  req.header("x-forwarded-proto")?.split(",")[0]?.trim() === "https" || req.url.startsWith("https:");

async function bodyOf<T extends Parameters<typeof parseArguments>[0]>(req: DoorRequest, schema: T, example: string) {
  assertSameSite(req.method, req);
  const parsed = parseArguments(schema, await readJson(req, BODY_LIMIT), example);
  if (!parsed.ok) throw new ValidationError(parsed.problem);
  return parsed.value;
}

function notInSingleUserMode(): void {
  if (singleUserMode()) {
    throw new ConflictError(
      "This server runs in single-user mode (THOUGHTGRAPH_SINGLE_USER=1): there is nothing to sign in to.",
      undefined,
      "Unset THOUGHTGRAPH_SINGLE_USER to use accounts.",
    );
  }
}

async function signedIn(req: DoorRequest, userId: string, status: number) {
  const { token, expiresAt } = await createLoginSession(getDb(), userId);
  return json({ ok: true }, status, {
    "set-cookie": cookieHeader(SESSION_COOKIE, token, { expires: expiresAt, secure: isHttps(req) }),
    "cache-control": "no-store",
  });
}

export const postLogin: DoorHandler = (req) =>
  handle(async () => {
    notInSingleUserMode();
    const input = await bodyOf(req, ZLoginInput, 'Send {"email": "you@example.com", "password": "…"}.');
    await assertNotThrottled(getDb(), input.email);
    const user = await checkCredentials(getDb(), input.email, input.password);
    await noteSignInResult(getDb(), input.email, user !== null);
    if (!user) {
      throw new DomainError(
        "unauthorized",
        401,
        "The email or the password is wrong.",
        "password",
        "Check both. Forgot your password? Ask an owner or admin of your project for a password reset link.",
      );
    }
    return signedIn(req, user.id, 200);
  });

export const postSignup: DoorHandler = (req) =>
  handle(async () => {
    notInSingleUserMode();
    const input = await bodyOf(req, ZSignUpInput, 'Send {"email": "you@example.com", "password": "8+ characters"}.');
    const { id } = await signUpFirstUser(getDb(), input);
    return signedIn(req, id, 201);
  });

export const postLogout: DoorHandler = (req) =>
  handle(async () => {
    assertSameSite(req.method, req);
    const token = parseCookies(req.header("cookie")).get(SESSION_COOKIE);
    if (token) await endLoginSession(getDb(), token);
    return json({ ok: true }, 200, { "set-cookie": clearedCookieHeader(SESSION_COOKIE, isHttps(req)) });
  });

/** Makes another of my projects the current one (a cookie; membership is checked on every request anyway). */
export const postSwitchProject: DoorHandler = (req) =>
  handle(async () => {
    const input = await bodyOf(req, ZSwitchProjectInput, 'Send {"projectId": "…"}.');
    const actor = await resolveActor(getDb(), req.header("cookie"));
    if (!actor) throw new UnauthorizedError("Sign in first.");
    if (actor.kind === "user") {
      const member = await getDb().membership.findUnique({
        where: { projectId_userId: { projectId: input.projectId, userId: actor.user.id } },
      });
      if (!member) throw new NotFoundError(`Project "${input.projectId}"`, "projectId");
    }
    return json({ ok: true }, 200, {
      "set-cookie": cookieHeader(PROJECT_COOKIE, input.projectId, {
        expires: new Date(Date.now() + 365 * 24 * 3600_000),
        secure: isHttps(req),
      }),
    });
  });
