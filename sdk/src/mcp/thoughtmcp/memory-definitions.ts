// ThoughtMCP's memory tools (remember, recall, update_memory, forget, search) as advertised to MCP clients: seed 003's
// names, input schemas, defaults and bounds. Served through THOUGHTMCP_TOOLS (./definitions.ts); their handlers are
// in server/thoughtmcp/memory-handlers.ts, their contracts (which judge the arguments) in
// lib/contracts/thoughtmcp-memory.ts. Examples are the seed's example requests.
import { MEMORY_LIMIT, MEMORY_SECTORS } from "../../../../lib/contracts/thoughtmcp-memory";
import type { JsonSchemaProperty } from "../definitions";
import type { ThoughtMcpToolDefinition } from "./definitions";
import { ADDS_RECORDS, booleanOption, READS_ONLY, stringArray, unitInterval } from "./json-schema";

const sector = (description: string): JsonSchemaProperty => ({
  type: "string",
  enum: [...MEMORY_SECTORS],
  description,
});
const userId: JsonSchemaProperty = {
  type: "string",
  description: "User ID for memory isolation (required). Memories never reach across thoughtgraph projects.",
};
const memoryId: JsonSchemaProperty = { type: "string", description: "Memory ID (required), as remember returned it." };

/** recall's and search's filters (seed: identical in both). */
const RETRIEVAL_FILTERS: Record<string, JsonSchemaProperty> = {
  sectors: {
    type: "array",
    items: { type: "string", enum: [...MEMORY_SECTORS] },
    description: "Memory sectors to search (default: all sectors)",
  },
  primarySector: sector("Filter by primary sector"),
  minStrength: unitInterval("Minimum memory strength (0-1)"),
  minSalience: unitInterval("Minimum salience score (0-1)"),
  dateRange: {
    type: "object",
    properties: {
      start: { type: "string", format: "date-time" },
      end: { type: "string", format: "date-time" },
    },
    description: "Filter by creation date range (ISO 8601)",
  },
  metadata: {
    type: "object",
    properties: {
      keywords: stringArray("Every keyword"),
      tags: stringArray("Every tag"),
      category: { type: "string" },
    },
    description: "Metadata filters: memories with every keyword and tag given, and the category",
  },
  limit: {
    type: "integer",
    minimum: MEMORY_LIMIT.min,
    maximum: MEMORY_LIMIT.max,
    default: MEMORY_LIMIT.default,
    description: "Maximum results to return (default 10, max 100)",
  },
  offset: { type: "integer", minimum: 0, default: 0, description: "Pagination offset (default 0)" },
};

export const REMEMBER: ThoughtMcpToolDefinition = {
  name: "remember",
  title: "Remember",
  description:
    "Store a memory in one of five sectors (episodic, semantic, procedural, emotional, reflective). It is linked to " +
    "its 1–3 most similar memories (similarity ≥ 0.7, both directions). Similarity is lexical (TF-IDF) unless the " +
    "server has an embedding model configured; the answer's `similarity` says which.",
  inputSchema: {
    type: "object",
    properties: {
      content: { type: "string", description: "Memory content to store (required)" },
      userId,
      sessionId: { type: "string", description: "Session ID for context tracking (required)" },
      primarySector: sector("Primary memory sector (required)"),
      metadata: {
        type: "object",
        properties: {
          keywords: stringArray("Keywords for search and linking"),
          tags: stringArray("Tags for categorization"),
          category: { type: "string", description: "Category for grouping" },
          context: { type: "string", description: "Additional context information" },
          importance: unitInterval("Importance score (0-1, default 0.5)"),
        },
        description: "Optional metadata",
      },
    },
    required: ["content", "userId", "sessionId", "primarySector"],
  },
  annotations: ADDS_RECORDS,
  writes: true,
  example: {
    content: "User prefers dark mode for all applications",
    userId: "user-123",
    sessionId: "session-456",
    primarySector: "semantic",
    metadata: {
      keywords: ["preference", "dark mode", "ui"],
      tags: ["settings", "user-preference"],
      category: "preferences",
      importance: 0.8,
    },
  },
};

export const RECALL: ThoughtMcpToolDefinition = {
  name: "recall",
  title: "Recall",
  description:
    "Retrieve memories ranked by 0.6×similarity + 0.2×salience + 0.1×recency + 0.1×linkWeight (without text: " +
    "salience, recency and links only). Filters by sectors, strength, salience, date range and metadata; pages with " +
    "offset. Soft-deleted memories never appear.",
  inputSchema: {
    type: "object",
    properties: {
      userId,
      text: { type: "string", description: "Search query text for similarity (optional)" },
      ...RETRIEVAL_FILTERS,
    },
    required: ["userId"],
  },
  annotations: READS_ONLY,
  writes: false,
  example: {
    userId: "user-123",
    text: "dark mode preference",
    sectors: ["semantic", "episodic"],
    minStrength: 0.5,
    limit: 10,
  },
};

export const UPDATE_MEMORY: ThoughtMcpToolDefinition = {
  name: "update_memory",
  title: "Update memory",
  description:
    "Update a memory's content, strength, salience or metadata. New content re-indexes it and recomputes its " +
    "waypoint links.",
  inputSchema: {
    type: "object",
    properties: {
      memoryId,
      userId: { type: "string", description: "User ID for ownership verification (required)" },
      content: { type: "string", description: "New content (re-indexes the memory and its links)" },
      strength: unitInterval("New strength value (0-1)"),
      salience: unitInterval("New salience value (0-1)"),
      metadata: {
        type: "object",
        properties: {
          keywords: stringArray("Keywords"),
          tags: stringArray("Tags"),
          category: { type: "string" },
          context: { type: "string" },
          importance: unitInterval("Importance (0-1)"),
        },
        description: "Metadata updates (merged into the stored metadata)",
      },
    },
    required: ["memoryId", "userId"],
  },
  annotations: { ...ADDS_RECORDS, idempotentHint: true },
  writes: true,
  example: {
    memoryId: "mem-abc123",
    userId: "user-123",
    content: "User strongly prefers dark mode across all applications",
    strength: 0.95,
    metadata: { importance: 0.9 },
  },
};

export const FORGET: ThoughtMcpToolDefinition = {
  name: "forget",
  title: "Forget",
  description:
    "Delete a memory. soft: true sets strength 0 and hides it from recall and search (kept for review); soft: false " +
    "(the default) removes it with its links in both directions.",
  inputSchema: {
    type: "object",
    properties: {
      memoryId: { type: "string", description: "Memory ID to delete (required)" },
      userId: { type: "string", description: "User ID for ownership verification (required)" },
      soft: booleanOption(
        false,
        "Soft delete (true) sets strength=0, hard delete (false) removes record (default: false)",
      ),
    },
    required: ["memoryId", "userId"],
  },
  annotations: { readOnlyHint: false, destructiveHint: true, idempotentHint: false, openWorldHint: false },
  writes: true,
  example: { memoryId: "mem-abc123", userId: "user-123", soft: false },
};

export const SEARCH: ThoughtMcpToolDefinition = {
  name: "search",
  title: "Search memories",
  description:
    'Full-text search of memories with AND, OR, NOT, parentheses and "phrases" (implicit AND between words), ' +
    "ranked, with the recall filters. Each hit has a highlight as HTML (the text escaped, matches in <b>), the same " +
    "window as plain text (highlightText) with the character ranges of the matches in it (highlightRanges), and the " +
    "matched terms.",
  inputSchema: {
    type: "object",
    properties: {
      userId,
      text: {
        type: "string",
        description: "Full-text search query with boolean operators (AND, OR, NOT) and phrase matching",
      },
      ...RETRIEVAL_FILTERS,
    },
    required: ["userId"],
  },
  annotations: READS_ONLY,
  writes: false,
  example: { userId: "user-123", text: "dark mode AND preference", minStrength: 0.5, limit: 10 },
};

export const MEMORY_TOOL_DEFINITIONS: readonly ThoughtMcpToolDefinition[] = [
  REMEMBER,
  RECALL,
  UPDATE_MEMORY,
  FORGET,
  SEARCH,
];
