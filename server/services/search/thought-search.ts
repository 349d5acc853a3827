// Server-only: search across every thought of a project: the full-text index over thought text (all
// versions) ranks one page of thoughts (server/services/search/full-text.ts), then the page is loaded with its
// sessions and highlighted in JavaScript from the stored text (lib/search/highlight.ts: ranges, never markup).
import type { ThoughtSearchQuery, ThoughtSearchResult } from "@/lib/contracts/search";
import { highlight, snippet } from "@/lib/search/highlight";
import { parseQuery } from "@/lib/search/query";
import type { Db } from "@/server/db/client";
import { ValidationError } from "@/server/errors";
import { matchThoughts } from "./full-text";

/** Characters of a hit's snippet. */
const SNIPPET_CHARS = 200;

export async function searchThoughts(db: Db, projectId: string, q: ThoughtSearchQuery): Promise<ThoughtSearchResult> {
  const parsed = parseQuery(q.q);
  if (!parsed.ok) throw new ValidationError({ field: "q", message: parsed.message, suggestion: parsed.suggestion });
  const query = parsed.query;
  const { hits, total, totalExact } = await matchThoughts(db, projectId, query, q);
  if (hits.length === 0) return { hits: [], total, totalExact };
  const ids = hits.map((h) => h.id);
  const rows = await db.thought.findMany({
    where: { projectId, id: { in: ids } },
    select: {
      id: true,
      sessionId: true,
      seq: true,
      thoughtNumber: true,
      text: true,
      createdAt: true,
      session: { select: { title: true } },
      versions: { select: { version: true, snapshot: true }, orderBy: { version: "desc" } },
    },
  });
  const byId = new Map(rows.map((r) => [r.id, r]));
  return {
    total,
    totalExact,
    hits: hits.flatMap((h) => {
      const row = byId.get(h.id);
      if (!row) return [];
      // The current text when it matches; else the newest earlier version that does (the index matched one).
      let text = row.text;
      let matchedVersion: "current" | number = "current";
      let marks = highlight(text, query);
      if (marks.ranges.length === 0) {
        for (const v of row.versions) {
          const old = (v.snapshot as { text?: unknown }).text;
          if (typeof old !== "string") continue;
          const m = highlight(old, query);
          if (m.ranges.length > 0) {
            text = old;
            marks = m;
            matchedVersion = v.version;
            break;
          }
        }
      }
      return [
        {
          thoughtId: row.id,
          sessionId: row.sessionId,
          sessionTitle: row.session.title,
          seq: row.seq,
          thoughtNumber: row.thoughtNumber,
          rank: h.rank,
          snippet: snippet(text, marks.ranges, SNIPPET_CHARS),
          matchedTerms: marks.matchedTerms,
          matchedVersion,
          createdAt: row.createdAt.toISOString(),
        },
      ];
    }),
  };
}
