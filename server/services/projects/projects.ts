// The default project every fresh install starts with. Accounts and more projects arrive with team review.
import { uuidv7 } from "@/lib/ids";
import type { Db } from "@/server/db/client";
import { DEFAULT_PROJECT_SLUG } from "@/server/config";

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
