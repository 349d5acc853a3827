// OAuth's own error answers (RFC 6749 §4.1.2.1 and §5.2, RFC 7591 §3.2.2, RFC 8707 §2): a code from the protocol's
// list and a description that names the parameter and how to fix it. Thrown by the services, turned into a redirect
// or a JSON answer by the door that called them (server/http/routes/oauth.ts).
import "@/server/server-only";

export type OAuthErrorCode =
  | "invalid_request"
  | "invalid_client"
  | "invalid_grant"
  | "unauthorized_client"
  | "unsupported_grant_type"
  | "unsupported_response_type"
  | "invalid_scope"
  | "invalid_target"
  | "access_denied"
  | "invalid_redirect_uri"
  | "invalid_client_metadata"
  | "unsupported_token_type"
  | "temporarily_unavailable";

export class OAuthProtocolError extends Error {
  constructor(
    readonly error: OAuthErrorCode,
    readonly description: string,
    readonly status = error === "invalid_client" ? 401 : 400,
    /** A 429's Retry-After: seconds until the request can succeed. */
    readonly retryAfterSeconds?: number,
  ) {
    super(description);
    this.name = "OAuthProtocolError";
  }

  toBody(): { error: OAuthErrorCode; error_description: string } {
    return { error: this.error, error_description: this.description };
  }
}
