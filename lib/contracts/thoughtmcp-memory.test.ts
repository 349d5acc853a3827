import { describe, expect, it } from "vitest";

import { problemFromField, startEnvelope } from "../thoughtmcp/envelope";
import {
  parseMemoryInput,
  type MemoryToolName,
  ZForgetResult,
  ZRecallResult,
  ZRememberResult,
  ZSearchResult,
  ZUpdateMemoryResult,
} from "./thoughtmcp-memory";

function problem(tool: MemoryToolName, raw: unknown) {
  const result = parseMemoryInput(tool, raw);
  if (result.ok) throw new Error(`expected ${JSON.stringify(raw)} to be refused`);
  return result.problem;
}

function value<N extends MemoryToolName>(tool: N, raw: unknown) {
  const result = parseMemoryInput(tool, raw);
  if (!result.ok) throw new Error(`${result.problem.field}: ${result.problem.message}`);
  return result.value;
}

// The seed's example requests, verbatim.
const REMEMBER = {
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
};
const RECALL = {
  userId: "user-123",
  text: "dark mode preference",
  sectors: ["semantic", "episodic"],
  minStrength: 0.5,
  limit: 10,
};
const UPDATE = {
  memoryId: "mem-abc123",
  userId: "user-123",
  content: "User strongly prefers dark mode across all applications",
  strength: 0.95,
  metadata: { importance: 0.9 },
};
const FORGET = { memoryId: "mem-abc123", userId: "user-123", soft: false };
const SEARCH = { userId: "user-123", text: "dark mode AND preference", metadata: { tags: ["settings"] }, limit: 20 };

describe("the seed's example requests", () => {
  it("parse with their values, and the defaults filled in", () => {
    expect(value("remember", REMEMBER)).toEqual(REMEMBER);
    expect(value("recall", RECALL)).toEqual({ ...RECALL, offset: 0 });
    expect(value("update_memory", UPDATE)).toEqual(UPDATE);
    expect(value("forget", FORGET)).toEqual(FORGET);
    expect(value("search", SEARCH)).toEqual({ ...SEARCH, offset: 0 });
  });

  it("take the seed's defaults: importance 0.5, limit 10, offset 0, soft false", () => {
    const { metadata: _m, ...bare } = REMEMBER;
    expect(value("remember", bare).metadata).toEqual({ importance: 0.5 });
    expect(value("remember", { ...REMEMBER, metadata: { tags: ["a"] } }).metadata).toEqual({
      tags: ["a"],
      importance: 0.5,
    });
    expect(value("recall", { userId: "u" })).toEqual({ userId: "u", limit: 10, offset: 0 });
    expect(value("search", { userId: "u" })).toEqual({ userId: "u", limit: 10, offset: 0 });
    expect(value("forget", { memoryId: "m", userId: "u" }).soft).toBe(false);
  });

  it("accept snake_case keys and numbers sent as strings, and drop unknown fields", () => {
    expect(value("recall", { user_id: "u", min_strength: "0.5", limit: "20", offset: "40", confidence: 1 })).toEqual({
      userId: "u",
      minStrength: 0.5,
      limit: 20,
      offset: 40,
    });
    expect(value("forget", { memoryId: "m", userId: "u", soft: "TRUE" }).soft).toBe(true);
    expect(value("recall", { userId: "u", limit: null, text: null })).toEqual({ userId: "u", limit: 10, offset: 0 });
  });
});

describe("bad input names the field and how to fix it", () => {
  it.each([
    ["remember", { ...REMEMBER, content: undefined }, "content", "content: Missing required parameter"],
    ["remember", { ...REMEMBER, content: "   " }, "content", "content: Content cannot be empty"],
    ["remember", { ...REMEMBER, content: "x".repeat(100_001) }, "content", "content: must be at most 100000"],
    ["remember", { ...REMEMBER, userId: undefined }, "userId", "userId: Missing required parameter"],
    ["remember", { ...REMEMBER, userId: "" }, "userId", "userId: must not be empty"],
    ["remember", { ...REMEMBER, sessionId: 42 }, "sessionId", "sessionId: must be a string"],
    ["remember", { ...REMEMBER, primarySector: undefined }, "primarySector", "primarySector: Missing required"],
    ["remember", { ...REMEMBER, primarySector: "factual" }, "primarySector", 'primarySector: Invalid sector "factual"'],
    ["remember", { ...REMEMBER, metadata: "x" }, "metadata", "metadata: must be an object"],
    ["remember", { ...REMEMBER, metadata: { importance: 1.5 } }, "metadata.importance", "must be from 0 to 1"],
    ["remember", { ...REMEMBER, metadata: { keywords: "a" } }, "metadata.keywords", "must be a list of strings"],
    ["remember", { ...REMEMBER, metadata: { tags: [""] } }, "metadata.tags.0", "must not be empty"],
    ["remember", { ...REMEMBER, metadata: { category: 3 } }, "metadata.category", "must be a string"],
    ["remember", { ...REMEMBER, metadata: { context: "x".repeat(10_001) } }, "metadata.context", "at most 10000"],
    ["recall", { ...RECALL, userId: undefined }, "userId", "userId: Missing required parameter"],
    ["recall", { ...RECALL, sectors: ["semantic", "nope"] }, "sectors.1", 'Invalid sector "nope"'],
    ["recall", { ...RECALL, sectors: [] }, "sectors", "must list at least one sector"],
    ["recall", { ...RECALL, sectors: ["semantic", "semantic"] }, "sectors", "must list each sector once"],
    ["recall", { ...RECALL, primarySector: "x" }, "primarySector", "Invalid sector"],
    ["recall", { ...RECALL, minStrength: -0.1 }, "minStrength", "must be from 0 to 1"],
    ["recall", { ...RECALL, minSalience: "high" }, "minSalience", "must be a number from 0 to 1"],
    ["recall", { ...RECALL, limit: 0 }, "limit", "must be at least 1"],
    ["recall", { ...RECALL, limit: 101 }, "limit", "must be at most 100"],
    ["recall", { ...RECALL, limit: 2.5 }, "limit", "whole number"],
    ["recall", { ...RECALL, offset: -1 }, "offset", "must be ≥ 0"],
    ["recall", { ...RECALL, dateRange: { start: "yesterday" } }, "dateRange.start", "ISO 8601"],
    [
      "recall",
      { ...RECALL, dateRange: { start: "2025-12-08T00:00:00Z", end: "2025-12-07T00:00:00+01:00" } },
      "dateRange.start",
      "must not be after end",
    ],
    ["recall", { ...RECALL, metadata: { tags: "settings" } }, "metadata.tags", "must be a list of strings"],
    ["update_memory", { ...UPDATE, memoryId: undefined }, "memoryId", "memoryId: Missing required parameter"],
    ["update_memory", { ...UPDATE, content: "" }, "content", "Content cannot be empty"],
    ["update_memory", { ...UPDATE, strength: 2 }, "strength", "must be from 0 to 1"],
    ["update_memory", { ...UPDATE, salience: "x" }, "salience", "must be a number"],
    ["update_memory", { memoryId: "m", userId: "u" }, "body", "Nothing to update"],
    ["forget", { ...FORGET, soft: "maybe" }, "soft", "must be true or false"],
    ["forget", { ...FORGET, userId: undefined }, "userId", "Missing required parameter"],
    ["search", { ...SEARCH, text: "NOT draft" }, "text", "only excludes"],
    ["search", { ...SEARCH, text: "AND OR" }, "text", "no words to search for"],
    ["search", { ...SEARCH, limit: 1000 }, "limit", "must be at most 100"],
  ] as const)("%s %j → %s", (tool, raw, field, message) => {
    const p = problem(tool, raw);
    expect(p.field).toBe(field);
    expect(p.message).toContain(message);
    expect(p.suggestion?.length ?? 0).toBeGreaterThan(0);
  });

  it("a non-object body is refused with the tool's example", () => {
    expect(problem("remember", "remember this")).toMatchObject({
      field: "body",
      suggestion: expect.stringContaining('"primarySector": "semantic"') as string,
    });
  });

  it("lands in the envelope as error + suggestion, with the field", () => {
    const p = problem("remember", { ...REMEMBER, primarySector: "factual" });
    const answer = startEnvelope([], () => 0).failure(problemFromField(p));
    expect(answer).toMatchObject({
      success: false,
      error: 'primarySector: Invalid sector "factual"',
      suggestion: "Use one of: episodic, semantic, procedural, emotional, reflective.",
      code: "validation_error",
      field: "primarySector",
    });
  });
});

describe("answers", () => {
  it("the seed's example answers fit, with our additions where we add", () => {
    expect(
      ZRememberResult.safeParse({
        memoryId: "mem-abc123",
        embeddingsGenerated: 0,
        linksCreated: 2,
        salience: 0.75,
        strength: 1.0,
        similarity: "lexical",
      }).success,
    ).toBe(true);
    const memory = {
      id: "mem-abc123",
      content: "User prefers dark mode for all applications",
      createdAt: "2025-12-07T10:30:00Z",
      lastAccessed: "2025-12-07T12:00:00Z",
      strength: 0.95,
      salience: 0.75,
      primarySector: "semantic",
      metadata: { keywords: ["preference", "dark mode"], tags: ["settings"] },
    };
    expect(
      ZRecallResult.safeParse({
        memories: [{ ...memory, score: 0.87 }],
        totalCount: 1,
        scores: { "mem-abc123": 0.87 },
      }).success,
    ).toBe(true);
    expect(
      ZUpdateMemoryResult.safeParse({
        memoryId: "mem-abc123",
        embeddingsRegenerated: true,
        connectionsUpdated: 2,
        strength: 0.95,
        salience: 0.75,
      }).success,
    ).toBe(true);
    expect(
      ZForgetResult.safeParse({
        memoryId: "mem-abc123",
        deletionType: "hard",
        message: "Memory and all related data removed",
      }).success,
    ).toBe(true);
    expect(
      ZSearchResult.safeParse({
        memories: [
          {
            ...memory,
            rank: 0.92,
            highlight: "User prefers <b>dark mode</b> for all applications",
            highlightText: "User prefers dark mode for all applications",
            highlightRanges: [{ start: 13, end: 22 }],
            matchedTerms: ["dark", "mode"],
          },
        ],
        totalCount: 1,
        totalExact: true,
        searchType: "full-text",
      }).success,
    ).toBe(true);
  });

  it("refuse what breaks the contract: more than 3 links, an unknown deletion type", () => {
    const remember = { memoryId: "m", embeddingsGenerated: 0, salience: 0.5, strength: 1, similarity: "lexical" };
    expect(ZRememberResult.safeParse({ ...remember, linksCreated: 4 }).success).toBe(false);
    expect(ZForgetResult.safeParse({ memoryId: "m", deletionType: "purge", message: "" }).success).toBe(false);
  });
});
