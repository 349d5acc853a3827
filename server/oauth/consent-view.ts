// What the consent page shows: the client as it named itself (unverified), where its metadata came from, where the
// browser goes afterwards, and the person's projects with the widest access each allows. Reads only.
import "@/server/server-only";
import { maxConnectorScope, isRole } from "@/lib/auth/roles";
import type { ConsentRequestView } from "@/lib/contracts/oauth";
import { isLoopbackRedirect } from "@/lib/oauth/redirect-uris";
import type { OAuthSettings } from "@/server/config";
import type { Db } from "@/server/db/client";
import {
  AuthorizationErrorRedirect,
  checkAuthorizationRequest,
  UnsafeAuthorizationRequest,
} from "./authorization-request";

export type ConsentView =
  | { kind: "unsafe"; message: string }
  | { kind: "redirect"; location: string }
  | ({ kind: "request" } & ConsentRequestView);

export async function consentView(
  db: Db,
  params: URLSearchParams,
  issuer: string,
  settings: OAuthSettings,
  userId: string,
): Promise<ConsentView> {
  let request;
  try {
    request = await checkAuthorizationRequest(db, params, issuer, settings);
  } catch (error) {
    if (error instanceof UnsafeAuthorizationRequest) return { kind: "unsafe", message: error.description };
    if (error instanceof AuthorizationErrorRedirect) return { kind: "redirect", location: error.location };
    throw error;
  }
  const memberships = await db.membership.findMany({
    where: { userId },
    orderBy: { createdAt: "asc" },
    select: { role: true, project: { select: { id: true, name: true } } },
  });
  const projects = memberships.flatMap((m) =>
    isRole(m.role) ? [{ ...m.project, role: m.role, maxScope: maxConnectorScope(m.role) }] : [],
  );
  const redirect = new URL(request.redirectUri);
  return {
    kind: "request",
    clientName: request.client.name,
    clientKind: request.client.kind,
    metadataHost: request.client.kind === "cimd" ? new URL(request.client.id).host : null,
    clientUri: request.client.clientUri,
    redirectHost: redirect.host || redirect.protocol,
    loopbackRedirect: isLoopbackRedirect(request.redirectUri),
    endpoint: request.resource,
    scopes: request.scopes,
    projects,
    params: [...params.entries()].filter(([k]) => !["decision", "project_id", "grant_scope"].includes(k)),
  };
}
