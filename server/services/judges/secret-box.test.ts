import { describe, expect, it } from "vitest";
import { assertSecretKeyFor, openSecret, sealSecret, SecretKeyError } from "./secret-box";

const env = { THOUGHTGRAPH_SECRET_KEY: "a-secret-key-of-at-least-32-characters!!" };
const other = { THOUGHTGRAPH_SECRET_KEY: "another-secret-key-of-32-characters-or-more" };

describe("secret box", () => {
  it("seals a key so that only the same secret key and connection open it", () => {
    const sealed = sealSecret("sk-live-abcdef123456", "conn-1", env);
    expect(sealed).toMatch(/^v1\.[\w-]+\.[\w-]+\.[\w-]+\.[\w-]+$/);
    expect(sealed).not.toContain("sk-live");
    expect(openSecret(sealed, "conn-1", env)).toBe("sk-live-abcdef123456");
    expect(sealSecret("sk-live-abcdef123456", "conn-1", env)).not.toBe(sealed); // a fresh IV each time
    expect(() => openSecret(sealed, "conn-2", env)).toThrow(/integrity check/);
    expect(() => openSecret(sealed, "conn-1", other)).toThrow(/different THOUGHTGRAPH_SECRET_KEY/);
    const [v, id, iv, tag, body] = sealed.split(".");
    const flipped = `${v}.${id}.${iv}.${tag}.${body!.slice(0, -2)}AA`;
    expect(() => openSecret(flipped, "conn-1", env)).toThrow(SecretKeyError);
  });

  it("without THOUGHTGRAPH_SECRET_KEY: a clear error to the caller, and at start-up only if keys are stored", () => {
    expect(() => sealSecret("k", "c", {})).toThrow(/THOUGHTGRAPH_SECRET_KEY is not set/);
    expect(() => sealSecret("k", "c", { THOUGHTGRAPH_SECRET_KEY: "short" })).toThrow(/at least 32 characters/);
    expect(() => assertSecretKeyFor(0, {})).not.toThrow();
    expect(() => assertSecretKeyFor(2, {})).toThrow(
      /THOUGHTGRAPH_SECRET_KEY is not set, but 2 model connections hold API keys/,
    );
    expect(() => assertSecretKeyFor(1, env)).not.toThrow();
  });
});
