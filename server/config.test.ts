// The configuration: every variable parsed from a plain environment, defaults when unset, a message naming the
// variable and the fix when wrong (never echoing a secret), each variable read once, and the checks `npm start` runs.
import { afterEach, describe, expect, it } from "vitest";
import {
  checkConfig,
  ConfigError,
  currentLimits,
  reloadConfig,
  setting,
  settingIn,
  SETTINGS,
  type SettingName,
} from "./config";

const NAMES = Object.keys(SETTINGS) as SettingName[];

describe("the configuration", () => {
  afterEach(() => {
    delete process.env.THOUGHTGRAPH_MAX_THOUGHT_CHARS;
    reloadConfig();
  });

  it("has a default for every variable, and an empty environment is a valid one", () => {
    for (const name of NAMES) expect(() => settingIn(name, {}), name).not.toThrow();
    expect(checkConfig({})).toEqual([]);
    expect(settingIn("PORT", {})).toBe(3000);
    expect(settingIn("HOST", {})).toBe("127.0.0.1");
    expect(settingIn("DATABASE_URL", {})).toBe("file:./data/thoughtgraph.db");
    expect(settingIn("THOUGHTGRAPH_FAST_API", {})).toBe(true);
    expect(settingIn("THOUGHTGRAPH_SINGLE_USER", {})).toBe(false);
    expect(settingIn("THOUGHTGRAPH_ALLOWED_HOSTS", {})).toBeUndefined();
  });

  it("parses what operators write: numbers, switches, lists and URLs, blank as unset", () => {
    expect(settingIn("PORT", { PORT: " 8080 " })).toBe(8080);
    expect(settingIn("PORT", { PORT: "" })).toBe(3000);
    expect(settingIn("THOUGHTGRAPH_DETECT_BUSY_SHARE", { THOUGHTGRAPH_DETECT_BUSY_SHARE: "0.25" })).toBe(0.25);
    expect(settingIn("THOUGHTGRAPH_WRITE_THREAD", { THOUGHTGRAPH_WRITE_THREAD: "0" })).toBe(false);
    expect(settingIn("THOUGHTGRAPH_SINGLE_USER", { THOUGHTGRAPH_SINGLE_USER: "TRUE" })).toBe(true);
    const hosts = { THOUGHTGRAPH_ALLOWED_HOSTS: " a.example, ,b.example:8443 " };
    expect(settingIn("THOUGHTGRAPH_ALLOWED_HOSTS", hosts)).toEqual(["a.example", "b.example:8443"]);
    const pg = { DATABASE_URL: "postgresql://u:p@db/thoughtgraph" };
    expect(settingIn("DATABASE_URL", pg)).toBe("postgresql://u:p@db/thoughtgraph");
    expect(settingIn("THOUGHTGRAPH_INIT_ADMIN_EMAIL", { THOUGHTGRAPH_INIT_ADMIN_EMAIL: " Ana@Example.com" })).toBe(
      "ana@example.com",
    );
    const proxies = { THOUGHTGRAPH_TRUSTED_PROXIES: "uniquelocal, 203.0.113.0/24" };
    expect(settingIn("THOUGHTGRAPH_TRUSTED_PROXIES", proxies)).toEqual(["uniquelocal", "203.0.113.0/24"]);
  });

  it("names the variable, what it must be and how to fix it", () => {
    const wrong = (name: SettingName, value: string) => {
      try {
        settingIn(name, { [name]: value });
      } catch (error) {
        expect(error).toBeInstanceOf(ConfigError);
        return (error as Error).message;
      }
      throw new Error(`${name}=${value} was accepted`);
    };
    expect(wrong("PORT", "http")).toBe(
      'PORT must be a whole number from 0 to 65535; got "http". Set it to a valid value or unset it for the default (3000).',
    );
    expect(wrong("THOUGHTGRAPH_MAX_THOUGHT_CHARS", "0")).toMatch(/^THOUGHTGRAPH_MAX_THOUGHT_CHARS must be .* ≥ 1/);
    expect(wrong("THOUGHTGRAPH_DETECT_BUSY_SHARE", "0")).toMatch(/must be a number above 0 and at most 1/);
    expect(wrong("THOUGHTGRAPH_FAST_API", "yes")).toMatch(/^THOUGHTGRAPH_FAST_API must be 1 \(on\) or 0 \(off\)/);
    expect(wrong("DATABASE_URL", "mysql://db/x")).toMatch(/^DATABASE_URL must be a URL such as file:/);
    expect(wrong("THOUGHTGRAPH_EMBEDDING_API", "azure")).toMatch(/must be openai or ollama/);
    expect(wrong("THOUGHTGRAPH_TRUSTED_PROXIES", "caddy")).toMatch(
      /^THOUGHTGRAPH_TRUSTED_PROXIES must list addresses, CIDR blocks or loopback, linklocal, uniquelocal/,
    );
    expect(wrong("THOUGHTGRAPH_OAUTH_DCR_PER_ADDRESS", "0")).toMatch(/must be a whole number ≥ 1/);
  });

  it("never repeats a secret, and shows a URL without its password", () => {
    const key = "tg_short_secret";
    const message = (() => {
      try {
        settingIn("THOUGHTGRAPH_INIT_API_KEY", { THOUGHTGRAPH_INIT_API_KEY: key });
      } catch (error) {
        return (error as Error).message;
      }
    })();
    expect(message).toMatch(/at least 16 characters; got a value of 15 characters/);
    expect(message).not.toContain(key);
    const url = checkConfig({ THOUGHTGRAPH_LISTEN_DATABASE_URL: "mysql://admin:hunter2@db/x" });
    expect(url.join("\n")).toContain("mysql://admin:***@db/x");
    expect(url.join("\n")).not.toContain("hunter2");
  });

  it("checks every variable at once, then the rules between them, as npm start does", () => {
    expect(checkConfig({ PORT: "x", THOUGHTGRAPH_MAX_INGEST_EVENTS: "-1" })).toEqual([
      expect.stringMatching(/^PORT /),
      expect.stringMatching(/^THOUGHTGRAPH_MAX_INGEST_EVENTS /),
    ]);
    expect(checkConfig({ THOUGHTGRAPH_INIT_ADMIN_EMAIL: "a@example.com" })).toEqual([
      "Set both THOUGHTGRAPH_INIT_ADMIN_EMAIL and THOUGHTGRAPH_INIT_ADMIN_PASSWORD, or neither.",
    ]);
    expect(checkConfig({ THOUGHTGRAPH_EMBEDDING_URL: "http://127.0.0.1:11434/api/embed" })).toEqual([
      expect.stringContaining("THOUGHTGRAPH_EMBEDDING_MODEL must name the model"),
    ]);
  });

  it("reads each variable once: a later change is seen only after reloadConfig", () => {
    process.env.THOUGHTGRAPH_MAX_THOUGHT_CHARS = "500";
    reloadConfig();
    expect(setting("THOUGHTGRAPH_MAX_THOUGHT_CHARS")).toBe(500);
    expect(currentLimits().maxThoughtChars).toBe(500);
    process.env.THOUGHTGRAPH_MAX_THOUGHT_CHARS = "600";
    expect(setting("THOUGHTGRAPH_MAX_THOUGHT_CHARS")).toBe(500);
    expect(currentLimits().maxThoughtChars).toBe(500);
    reloadConfig();
    expect(currentLimits().maxThoughtChars).toBe(600);
  });

  it("documents every variable: a default and a meaning each", () => {
    for (const name of NAMES) {
      expect(SETTINGS[name].default, name).not.toBe("");
      expect(SETTINGS[name].meaning, name).toMatch(/[.)]$/);
    }
  });
});
