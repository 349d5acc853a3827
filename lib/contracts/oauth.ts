// OAuth for remote MCP connectors: the shapes of a client's metadata (Dynamic Client Registration's body and a Client
// ID Metadata Document alike, RFC 7591 §2), of the consent form, of a grant as Settings lists it, and of who recorded
// a session through a connector (the session header and the sessions list). The protocol's own requests (authorize,
// token, revoke) are checked field by field in server/oauth/, which answers OAuth's errors.
import { z } from "zod";
import { redirectUriProblem } from "@/lib/oauth/redirect-uris";

export const OAUTH_SCOPES = ["read", "write"] as const;
export type OAuthScope = (typeof OAUTH_SCOPES)[number];

/** Redirect URIs one client may register: ChatGPT registers one per connector, desktop clients a handful. */
export const MAX_REDIRECT_URIS = 20;

const ZRedirectUri = z
  .string({ error: "redirect_uris must hold strings." })
  .max(2000, { error: "a redirect URI may be at most 2,000 characters." })
  .superRefine((value, ctx) => {
    const problem = redirectUriProblem(value);
    if (problem) ctx.addIssue({ code: "custom", message: `redirect_uris: ${problem}.` });
  });

const ZOptionalUrl = (field: string) =>
  z
    .string({ error: `${field} must be a URL.` })
    .max(2000, { error: `${field} may be at most 2,000 characters.` })
    .refine((v) => /^https:\/\//i.test(v) && URL.canParse(v), { error: `${field} must be an https URL.` })
    .optional()
    .catch(undefined);

/** A client's metadata. Fields we do not use are kept out; an invalid logo or home page is dropped, not an error. */
export const ZClientMetadata = z.object({
  redirect_uris: z
    .array(ZRedirectUri, { error: "redirect_uris is required: a list of the client's redirect URIs." })
    .min(1, { error: "redirect_uris must list at least one redirect URI." })
    .max(MAX_REDIRECT_URIS, { error: `redirect_uris may list at most ${MAX_REDIRECT_URIS} URIs.` }),
  client_name: z
    .string({ error: "client_name must be a string." })
    .trim()
    .min(1, { error: "client_name must not be empty." })
    .max(200, { error: "client_name may be at most 200 characters." })
    .optional(),
  client_uri: ZOptionalUrl("client_uri"),
  logo_uri: ZOptionalUrl("logo_uri"),
  token_endpoint_auth_method: z.string().max(100).optional(),
  grant_types: z.array(z.string().max(200)).max(20).optional(),
  response_types: z.array(z.string().max(200)).max(20).optional(),
  scope: z.string().max(1000).optional(),
  software_id: z.string().max(200).optional(),
  software_version: z.string().max(200).optional(),
});
export type ClientMetadata = z.infer<typeof ZClientMetadata>;

/** The consent page's answer (form fields of POST /oauth/decision, besides the authorization request's own). */
export const ZConsentDecision = z.object({
  decision: z.enum(["approve", "deny"], { error: "decision must be approve or deny." }),
  project_id: z.string().min(1).max(200).optional(),
  grant_scope: z.enum(OAUTH_SCOPES, { error: "grant_scope must be read or write." }).optional(),
});

export const ZRevokeGrantInput = z.object({ id: z.string().min(1, { error: "id is required." }).max(200) });

/** Who recorded a session through a connector: the person whose grant wrote it, and the client that wrote. */
export const ZConnectorAttribution = z.object({
  /** The person's name, else their email. */
  person: z.string(),
  /** The MCP client as it named itself on the connection (clientInfo), else the OAuth client the person approved. */
  client: z.string(),
  /** The OAuth client the person approved, as it named itself (the name on the consent page and in Settings). */
  app: z.string(),
});
export type ConnectorAttribution = z.infer<typeof ZConnectorAttribution>;

/** A grant as Settings lists it. */
export interface GrantView {
  id: string;
  person: { id: string; email: string; name: string | null };
  client: { id: string; name: string; kind: "dcr" | "cimd"; origin: string | null };
  projectName: string;
  scope: OAuthScope;
  resource: string;
  createdAt: string;
  lastUsedAt: string | null;
}

/** A project the consent page offers, with the widest access the person's role there allows. */
export interface ConsentProject {
  id: string;
  name: string;
  role: string;
  maxScope: OAuthScope;
}

/** What the consent page shows of a request it may ask about (server/oauth/consent-view.ts builds it). */
export interface ConsentRequestView {
  clientName: string;
  clientKind: "dcr" | "cimd";
  /** cimd: the host that serves the metadata document; dcr: null (the client registered itself). */
  metadataHost: string | null;
  clientUri: string | null;
  redirectHost: string;
  loopbackRedirect: boolean;
  endpoint: string;
  scopes: OAuthScope[];
  projects: ConsentProject[];
  /** The authorization request's parameters, posted back with the decision. */
  params: [string, string][];
}
