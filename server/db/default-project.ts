// The default project every fresh install starts with: first-start set-up makes it, the keys CLI and single-user
// mode's local person use it. Below the services, so that sign-in (server/auth) can name it without importing them.
import { uuidv7 } from "@/lib/ids";
import { DEFAULT_PROJECT_SLUG } from "@/server/config";
import type { Db } from "./client";

export async function ensureDefaultProject(db: Db): Promise<{ id: string; created: boolean }> {
  const existing = await db.project.findUnique({ where: { slug: DEFAULT_PROJECT_SLUG } });
  if (existing) return { id: existing.id, created: false };
  try {
    const row = await db.project.create({
      data: { id: uuidv7(), slug: DEFAULT_PROJECT_SLUG, name: "Default project" },
    });
    return { id: row.id, created: true };
  } catch (error) {
    // Another process created it between our read and write.
    const again = await db.project.findUnique({ where: { slug: DEFAULT_PROJECT_SLUG } });
    if (again) return { id: again.id, created: false };
    throw error;
  }
}

let defaultProjectId: Promise<string> | undefined;
/** The default project's id, looked up once per process. */
export function defaultProjectIdOf(db: Db): Promise<string> {
  defaultProjectId ??= ensureDefaultProject(db).then((p) => p.id);
  return defaultProjectId;
}
