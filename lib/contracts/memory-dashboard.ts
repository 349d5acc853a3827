// Contracts of the dashboard's Memories page: the list with ThoughtMCP's filters, a memory's detail with
// its waypoint links, and the graph of memories and links (React Flow). Client-safe.
import { z } from "zod";

import { MEMORY_SECTORS } from "./thoughtmcp-memory";

export const ZMemoryListQuery = z.object({
  /** One user's memories (ThoughtMCP's userId); all users of the project without it. */
  userId: z.string().trim().min(1).max(200).optional(),
  /** The memories remembered during one of the project's sessions (our session id): the session view links here. */
  sessionId: z.string().trim().min(1).max(200).optional(),
  sectors: z.array(z.enum(MEMORY_SECTORS)).max(MEMORY_SECTORS.length).optional(),
  /** Full-text query (the one parser: AND, OR, NOT, "phrases"); an unparsable one matches nothing. */
  q: z.string().trim().max(200).optional(),
  minStrength: z.number().min(0).max(1).optional(),
  minSalience: z.number().min(0).max(1).optional(),
  /** Soft-deleted memories (strength 0) too: the dashboard shows them on request. */
  includeDeleted: z.boolean().default(false),
  page: z.number().int().min(1).max(10_000).default(1),
  pageSize: z.number().int().min(1).max(200).default(50),
});
export type MemoryListQuery = z.input<typeof ZMemoryListQuery>;

const ZRange = z.object({ start: z.number().int(), end: z.number().int() });

export const ZMemoryRow = z.object({
  id: z.string(),
  userId: z.string(),
  sessionId: z.string(),
  /** Our session when the agent's sessionId names one: the row links to it. */
  thinkingSessionId: z.string().nullable(),
  content: z.string(),
  primarySector: z.enum(MEMORY_SECTORS),
  strength: z.number(),
  salience: z.number(),
  importance: z.number(),
  metadata: z.record(z.string(), z.unknown()),
  deleted: z.boolean(),
  links: z.number().int(),
  createdAt: z.string(),
  /** With a query: where it matched in `content`. */
  ranges: z.array(ZRange),
});
export type MemoryRow = z.infer<typeof ZMemoryRow>;

export const ZMemoryPage = z.object({
  memories: z.array(ZMemoryRow),
  total: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
  /** The project's userIds (for the filter), at most 200. */
  users: z.array(z.string()),
});
export type MemoryPage = z.infer<typeof ZMemoryPage>;

export const ZMemoryLinkView = z.object({
  memoryId: z.string(),
  content: z.string(),
  primarySector: z.enum(MEMORY_SECTORS),
  weight: z.number(),
  direction: z.enum(["out", "in"]),
});

export const ZMemoryDetail = z.object({
  memory: ZMemoryRow,
  links: z.array(ZMemoryLinkView),
});
export type MemoryDetail = z.infer<typeof ZMemoryDetail>;

export const ZMemoryGraphQuery = z.object({
  userId: z.string().trim().min(1).max(200).optional(),
  includeDeleted: z.boolean().default(false),
});

export const ZMemoryGraph = z.object({
  nodes: z.array(
    z.object({
      id: z.string(),
      label: z.string(),
      primarySector: z.enum(MEMORY_SECTORS),
      strength: z.number(),
      salience: z.number(),
    }),
  ),
  /** One per linked pair (the two stored directions drawn as one edge). */
  edges: z.array(z.object({ source: z.string(), target: z.string(), weight: z.number() })),
  /** Memories left out beyond the graph's cap (newest kept). */
  omitted: z.number().int(),
});
export type MemoryGraph = z.infer<typeof ZMemoryGraph>;
