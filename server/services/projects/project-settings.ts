// A project's own settings: creating one (its creator becomes the owner), renaming it, and its API keys as the
// settings page shows them. Members and invitations have their own services (members.ts, invitations.ts).
import type { Role } from "@/lib/auth/roles";
import type {
  ApiKeyView,
  CreatedApiKeyView,
  CreatedProjectView,
  KeyScope,
  ProjectSettingsView,
} from "@/lib/contracts/settings";
import { uuidv7 } from "@/lib/ids";
import { createApiKey, listApiKeys, revokeApiKey } from "@/server/auth/api-keys";
import type { Db } from "@/server/db/client";
import { ConflictError, NotFoundError } from "@/server/errors";

/** Characters of a slug made from a name: enough to tell projects apart in a URL or a log line. */
const MAX_SLUG_CHARS = 48;
/** Attempts at a free slug when another request takes the chosen one between our read and our write. */
const SLUG_ATTEMPTS = 5;

/** "Data Team (EU)" → "data-team-eu"; accents dropped, anything else non-alphanumeric becomes one hyphen. */
export function slugOf(name: string): string {
  const slug = name
    .normalize("NFKD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .slice(0, MAX_SLUG_CHARS)
    .replace(/^-+|-+$/g, "");
  return slug || "project";
}

/** The first of base, base-2, base-3, … that no project has yet. */
async function freeSlug(db: Db, base: string): Promise<string> {
  const taken = new Set(
    (await db.project.findMany({ where: { slug: { startsWith: base } }, select: { slug: true } })).map((p) => p.slug),
  );
  if (!taken.has(base)) return base;
  for (let n = 2; ; n++) if (!taken.has(`${base}-${n}`)) return `${base}-${n}`;
}

const isUniqueViolation = (error: unknown) => (error as { code?: unknown }).code === "P2002";

/** A new project owned by `ownerId`, with a unique slug made from its name. */
export async function createProject(db: Db, ownerId: string | null, name: string): Promise<CreatedProjectView> {
  if (ownerId === null) {
    throw new ConflictError(
      "Single-user mode (THOUGHTGRAPH_SINGLE_USER=1) has one project only.",
      "name",
      "Unset THOUGHTGRAPH_SINGLE_USER to use accounts and more projects.",
    );
  }
  const base = slugOf(name);
  for (let attempt = 1; ; attempt++) {
    const slug = await freeSlug(db, base);
    const id = uuidv7();
    try {
      await db.$transaction(async (tx) => {
        await tx.project.create({ data: { id, slug, name } });
        await tx.membership.create({ data: { projectId: id, userId: ownerId, role: "owner" } });
      });
      return { id, name, slug };
    } catch (error) {
      if (!isUniqueViolation(error) || attempt >= SLUG_ATTEMPTS) throw error;
    }
  }
}

/** Renames a project. Its slug stays: it is an identifier others may have written down. */
export async function renameProject(db: Db, projectId: string, name: string): Promise<CreatedProjectView> {
  const { count } = await db.project.updateMany({ where: { id: projectId }, data: { name } });
  if (count === 0) throw new NotFoundError(`Project "${projectId}"`, "projectId");
  const p = await db.project.findUniqueOrThrow({ where: { id: projectId } });
  return { id: p.id, name: p.name, slug: p.slug };
}

export async function projectSettings(
  db: Db,
  projectId: string,
  caller: { role: Role; userId: string | null },
): Promise<ProjectSettingsView> {
  const p = await db.project.findUnique({ where: { id: projectId } });
  if (!p) throw new NotFoundError(`Project "${projectId}"`, "projectId");
  return {
    id: p.id,
    name: p.name,
    slug: p.slug,
    createdAt: p.createdAt.toISOString(),
    role: caller.role,
    accounts: caller.userId !== null,
    userId: caller.userId,
  };
}

// ---- API keys (the hashing and verifying live in server/auth/api-keys.ts) ----

const iso = (d: Date | null) => d?.toISOString() ?? null;

type KeyRow = Awaited<ReturnType<typeof listApiKeys>>[number];

function toKeyView(k: KeyRow): ApiKeyView {
  return {
    id: k.id,
    name: k.name,
    prefix: k.prefix,
    last4: k.last4,
    scope: k.scope === "read" || k.scope === "admin" ? k.scope : "write",
    createdAt: k.createdAt.toISOString(),
    lastUsedAt: iso(k.lastUsedAt),
    revokedAt: iso(k.revokedAt),
  };
}

export async function listKeys(db: Db, projectId: string): Promise<ApiKeyView[]> {
  return (await listApiKeys(db, projectId)).map(toKeyView);
}

export async function createKey(db: Db, projectId: string, name: string, scope: KeyScope): Promise<CreatedApiKeyView> {
  const created = await createApiKey(db, projectId, name, undefined, scope);
  const row = await db.apiKey.findUniqueOrThrow({ where: { id: created.id } });
  return { ...toKeyView(row), key: created.key };
}

/** Revokes an active key of this project; another project's key, or one already revoked, answers 404. */
export async function revokeKey(db: Db, projectId: string, id: string): Promise<void> {
  if (!(await revokeApiKey(db, projectId, id))) throw new NotFoundError(`Active API key "${id}"`, "id");
}
