import { describe, expect, it } from "vitest";
import { isLoopbackRedirect, redirectUriMatches, redirectUriProblem } from "./redirect-uris";

describe("redirectUriProblem", () => {
  it("accepts https, loopback http and reverse-domain app schemes", () => {
    expect(redirectUriProblem("https://claude.ai/api/mcp/auth_callback")).toBeNull();
    expect(redirectUriProblem("https://chatgpt.com/connector/oauth/abc123")).toBeNull();
    expect(redirectUriProblem("http://localhost/callback")).toBeNull();
    expect(redirectUriProblem("http://127.0.0.1:33418/oauth/callback")).toBeNull();
    expect(redirectUriProblem("http://[::1]:9000/cb")).toBeNull();
    expect(redirectUriProblem("com.example.app:/oauth")).toBeNull();
  });

  it("refuses http elsewhere, fragments, credentials and dangerous schemes", () => {
    expect(redirectUriProblem("http://example.com/cb")).toMatch(/not loopback/);
    expect(redirectUriProblem("https://example.com/cb#x")).toMatch(/fragment/);
    expect(redirectUriProblem("https://user:pw@example.com/cb")).toMatch(/user name/);
    expect(redirectUriProblem("javascript:alert(1)")).toMatch(/scheme/);
    expect(redirectUriProblem("data:text/html,hi")).toMatch(/scheme/);
    expect(redirectUriProblem("not a url")).toMatch(/absolute URL/);
  });
});

describe("redirectUriMatches", () => {
  const chatgpt = ["https://chatgpt.com/connector/oauth/abc123"];
  it("matches exactly, so each ChatGPT connector's own redirect is the only one it may use", () => {
    expect(redirectUriMatches("https://chatgpt.com/connector/oauth/abc123", chatgpt)).toBe(true);
    expect(redirectUriMatches("https://chatgpt.com/connector/oauth/other", chatgpt)).toBe(false);
    expect(redirectUriMatches("https://chatgpt.com/connector/oauth/abc123/", chatgpt)).toBe(false);
    expect(redirectUriMatches("https://chatgpt.com/connector/oauth/abc123?x=1", chatgpt)).toBe(false);
    expect(redirectUriMatches("https://CHATGPT.com/connector/oauth/abc123", chatgpt)).toBe(false);
  });

  it("ignores the port of a loopback redirect only (RFC 8252 §7.3)", () => {
    const portless = ["http://localhost/callback", "http://127.0.0.1/callback"];
    expect(redirectUriMatches("http://localhost:54321/callback", portless)).toBe(true);
    expect(redirectUriMatches("http://127.0.0.1:8080/callback", portless)).toBe(true);
    expect(redirectUriMatches("http://localhost:54321/other", portless)).toBe(false);
    expect(redirectUriMatches("http://[::1]:54321/callback", portless)).toBe(false);
    expect(redirectUriMatches("https://localhost:54321/callback", portless)).toBe(false);
    expect(redirectUriMatches("https://example.com:8443/cb", ["https://example.com/cb"])).toBe(false);
  });

  it("tells loopback redirects apart", () => {
    expect(isLoopbackRedirect("http://localhost:3000/cb")).toBe(true);
    expect(isLoopbackRedirect("https://localhost/cb")).toBe(false);
    expect(isLoopbackRedirect("https://claude.ai/cb")).toBe(false);
  });
});
