// Model connections' API keys at rest: AES-256-GCM under a key derived (HKDF-SHA256) from THOUGHTGRAPH_SECRET_KEY,
// with the connection's id as associated data, so a sealed key copied onto another row does not open. The stored text
// is `v1.<key id>.<iv>.<tag>.<ciphertext>` (base64url): the key id (the first 8 bytes of a hash of the derived key)
// tells "sealed under another THOUGHTGRAPH_SECRET_KEY" apart from "tampered with". Nothing here logs or returns a key
// except openSecret's answer, which only the provider call reads.
import "@/server/server-only";
import { createCipheriv, createDecipheriv, createHash, hkdfSync, randomBytes } from "node:crypto";
import { setting, settingIn } from "@/server/config";
import { DomainError } from "@/server/errors";

const VERSION = "v1";
const INFO = "thoughtgraph model connection api keys";

/** The server cannot seal or open a secret: the key is missing, or not the one the secret was sealed under. */
export class SecretKeyError extends DomainError {
  constructor(message: string, suggestion: string) {
    super("conflict", 409, message, "apiKey", suggestion);
  }
}

/** The environment, or a part of it (tests pass their own); absent: the process's, as the server's config read it. */
type Env = Record<string, string | undefined>;

const secretKeyText = (env?: Env): string | undefined =>
  env === undefined ? setting("THOUGHTGRAPH_SECRET_KEY") : settingIn("THOUGHTGRAPH_SECRET_KEY", env);

interface DerivedKey {
  key: Buffer;
  id: string;
}

function derivedKey(env?: Env): DerivedKey {
  const text = secretKeyText(env);
  if (text === undefined) {
    throw new SecretKeyError(
      "THOUGHTGRAPH_SECRET_KEY is not set, so the server cannot store or use a model connection's API key.",
      "Set THOUGHTGRAPH_SECRET_KEY (at least 32 characters, e.g. from `openssl rand -base64 32`) and restart.",
    );
  }
  const key = Buffer.from(hkdfSync("sha256", text, "", INFO, 32));
  return { key, id: createHash("sha256").update(key).digest().subarray(0, 8).toString("base64url") };
}

/** The API key sealed for the connection `connectionId`. */
export function sealSecret(secret: string, connectionId: string, env?: Env): string {
  const { key, id } = derivedKey(env);
  const iv = randomBytes(12);
  const cipher = createCipheriv("aes-256-gcm", key, iv);
  cipher.setAAD(Buffer.from(connectionId));
  const body = Buffer.concat([cipher.update(secret, "utf8"), cipher.final()]);
  const parts = [iv, cipher.getAuthTag(), body].map((b) => b.toString("base64url"));
  return [VERSION, id, ...parts].join(".");
}

/** The API key of a connection, opened; a SecretKeyError when the key is missing or another one sealed it. */
export function openSecret(sealed: string, connectionId: string, env?: Env): string {
  const { key, id } = derivedKey(env);
  const [version, keyId, iv, tag, body] = sealed.split(".");
  if (version !== VERSION || !keyId || !iv || !tag || body === undefined) {
    throw new SecretKeyError(
      "A stored API key is not in a form this server can read.",
      "Set the connection's key again.",
    );
  }
  if (keyId !== id) {
    throw new SecretKeyError(
      "This connection's API key was encrypted under a different THOUGHTGRAPH_SECRET_KEY.",
      "Start the server with the THOUGHTGRAPH_SECRET_KEY it was stored under, or set the connection's key again.",
    );
  }
  try {
    const decipher = createDecipheriv("aes-256-gcm", key, Buffer.from(iv, "base64url"));
    decipher.setAAD(Buffer.from(connectionId));
    decipher.setAuthTag(Buffer.from(tag, "base64url"));
    return Buffer.concat([decipher.update(Buffer.from(body, "base64url")), decipher.final()]).toString("utf8");
  } catch {
    throw new SecretKeyError("A stored API key failed its integrity check.", "Set the connection's key again.");
  }
}

/** Throws the start-up error when connections hold sealed keys but THOUGHTGRAPH_SECRET_KEY is missing. */
export function assertSecretKeyFor(sealedKeys: number, env?: Env): void {
  if (sealedKeys === 0 || secretKeyText(env) !== undefined) return;
  throw new Error(
    `THOUGHTGRAPH_SECRET_KEY is not set, but ${sealedKeys} model connection${sealedKeys === 1 ? " holds an API key" : "s hold API keys"} ` +
      "encrypted under it, and judges could not call their models. Start the server with the THOUGHTGRAPH_SECRET_KEY " +
      "they were stored under.",
  );
}
