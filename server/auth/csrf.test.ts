import { afterEach, describe, expect, it } from "vitest";
import { reloadConfig } from "@/server/config";
import { crossSiteReason } from "./csrf";

const h = (map: Record<string, string>) => ({ get: (name: string) => map[name] ?? null });

describe("crossSiteReason", () => {
  afterEach(() => {
    delete process.env.THOUGHTGRAPH_ALLOWED_ORIGINS;
    reloadConfig();
  });

  it("lets safe methods and non-browser clients through", () => {
    expect(crossSiteReason("GET", h({ origin: "https://evil.example", host: "127.0.0.1:3000" }))).toBeNull();
    expect(crossSiteReason("POST", h({ host: "127.0.0.1:3000" }))).toBeNull();
  });

  it("accepts the dashboard's own origin", () => {
    const same = h({ origin: "http://127.0.0.1:3000", host: "127.0.0.1:3000", "sec-fetch-site": "same-origin" });
    expect(crossSiteReason("POST", same)).toBeNull();
  });

  it("refuses another origin, another port, a null origin and cross-site fetch metadata", () => {
    expect(crossSiteReason("POST", h({ origin: "https://evil.example", host: "127.0.0.1:3000" }))).toMatch(/evil/);
    expect(crossSiteReason("POST", h({ origin: "http://127.0.0.1:8080", host: "127.0.0.1:3000" }))).not.toBeNull();
    expect(crossSiteReason("POST", h({ origin: "null", host: "127.0.0.1:3000" }))).not.toBeNull();
    expect(crossSiteReason("POST", h({ "sec-fetch-site": "cross-site", host: "127.0.0.1:3000" }))).toMatch(
      /cross-site/,
    );
  });

  it("accepts origins listed in THOUGHTGRAPH_ALLOWED_ORIGINS", () => {
    process.env.THOUGHTGRAPH_ALLOWED_ORIGINS = "https://review.example.com";
    reloadConfig(); // the configuration is read once: read the changed variable
    const proxied = h({ origin: "https://review.example.com", host: "127.0.0.1:3000" });
    expect(crossSiteReason("POST", proxied)).toBeNull();
  });
});
