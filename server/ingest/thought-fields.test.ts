// A field added to the registry (lib/contracts/fields.ts) alone reaches every place that handles a thought's input:
// the zod schema REST and MCP parse with (and the OpenAPI document is generated from), the fast path, the advertised
// MCP input schema and the write thread's columns. A copy of the registry with fixture fields stands in for the
// edit; the real registry is checked against what each place actually uses.
import { describe, expect, it } from "vitest";
import { z } from "zod";
import { snakeToCamel } from "@/lib/contracts/coerce";
import { REVISABLE_FIELDS, THOUGHT_FIELDS, type FieldRegistry } from "@/lib/contracts/fields";
import { parseArguments } from "@/lib/contracts/parse";
import { thoughtInputSchema, ZThoughtInput, type ThoughtInput } from "@/lib/contracts/thought";
import { fastThoughtChecker } from "@/lib/contracts/thought-fast";
import { ZReviseInput } from "@/lib/contracts/tools";
import { REVISE_THOUGHT, SEQUENTIAL_THINKING, thoughtInputJsonSchema } from "@/sdk/src/mcp/definitions";
import { inputColumns } from "./columns";
import { DetailText } from "./write-store";
import { postRequests, receivedRequests } from "./write-thread";
import type { WriteRequest } from "./write-batch";

const FIXTURE = {
  ...THOUGHT_FIELDS,
  confidenceLevel: {
    alias: "confidence_level",
    kind: "score",
    required: false,
    description: "How sure you are, from 0 to 1.",
  },
  attempt: { alias: "attempt", kind: "positiveInt", required: false, what: "the try", description: "Which try." },
} as const satisfies FieldRegistry;

const base = { thought: "Check the cache first.", thoughtNumber: 2, totalThoughts: 5, nextThoughtNeeded: true };

describe("a field added to the registry", () => {
  const schema = thoughtInputSchema(FIXTURE);

  it("is parsed by the zod schema, in camelCase or its snake_case alias, with strings coerced", () => {
    const parsed = parseArguments(schema, { ...base, confidence_level: "0.5", attempt: "3" });
    expect(parsed.ok && parsed.value).toMatchObject({ confidenceLevel: 0.5, attempt: 3 });
    const bad = parseArguments(schema, { ...base, confidenceLevel: 2 });
    expect(!bad.ok && bad.problem.field).toBe("confidenceLevel");
  });

  it("appears in the JSON Schema the OpenAPI document is generated from", () => {
    const json = z.toJSONSchema(schema, { io: "input", unrepresentable: "any" }) as {
      properties: Record<string, unknown>;
    };
    expect(Object.keys(json.properties)).toEqual(expect.arrayContaining(["confidenceLevel", "attempt"]));
  });

  it("is taken by the fast path, which returns what the schema returns", () => {
    const raw = { ...base, confidenceLevel: 0.25, attempt: 2 };
    const fast = fastThoughtChecker(FIXTURE)(raw);
    const slow = parseArguments(schema, raw);
    expect(fast).toMatchObject({ confidenceLevel: 0.25, attempt: 2 });
    expect(slow.ok && JSON.stringify(slow.value)).toBe(JSON.stringify(fast));
    expect(fastThoughtChecker(FIXTURE)({ ...base, confidenceLevel: 2 })).toBeNull();
  });

  it("is advertised in the MCP input schema with its type and bounds", () => {
    const json = thoughtInputJsonSchema(FIXTURE);
    expect(json.properties.confidenceLevel).toEqual({
      type: "number",
      minimum: 0,
      maximum: 1,
      description: "How sure you are, from 0 to 1.",
    });
    expect(json.properties.attempt).toMatchObject({ type: "integer", minimum: 1 });
    expect(json.required).not.toContain("confidenceLevel");
  });

  it("crosses to the write thread's columns and back, through a structured clone", () => {
    const codec = inputColumns<Record<string, unknown>>(FIXTURE);
    const inputs = [
      { ...base, confidenceLevel: 0.75, attempt: 4 },
      { ...base, thought: "Without the new fields." },
    ];
    const columns = structuredClone(codec.encode(inputs));
    const at = codec.decoder(columns);
    expect(at(0)).toMatchObject({ confidenceLevel: 0.75, attempt: 4 });
    expect(at(1)).toMatchObject({ thought: "Without the new fields.", confidenceLevel: undefined, attempt: undefined });
    expect(Object.keys(at(1))).toEqual(Object.keys(FIXTURE));
  });
});

describe("the real registry", () => {
  it("names each field's snake_case alias as parseArguments reads it", () => {
    for (const [name, spec] of Object.entries(THOUGHT_FIELDS)) expect(snakeToCamel(spec.alias)).toBe(name);
  });

  it("is ZThoughtInput's shape, in order", () => {
    expect(Object.keys(ZThoughtInput.shape)).toEqual(Object.keys(THOUGHT_FIELDS));
  });

  it("is what sequentialthinking advertises, but for the fields kept off it", () => {
    const advertised = Object.entries(THOUGHT_FIELDS)
      .filter(([, s]) => !("advertised" in s))
      .map(([n]) => n);
    expect(Object.keys(SEQUENTIAL_THINKING.inputSchema.properties)).toEqual(advertised);
  });

  it("crosses to the write thread whole: every field, set or absent", () => {
    const full: Required<ThoughtInput> = {
      ...base,
      isRevision: true,
      revisesThought: 1,
      branchFromThought: 1,
      branchId: "alt",
      needsMoreThoughts: false,
      sessionId: "run-7",
      stage: "analysis",
      tags: ["a"],
      score: 0.5,
      metadata: { client: "cli", run: 3 },
      detail: { kind: "reasoning", sourceRef: "u1:0", model: "m", tokensIn: 3, opaque: { signature: "s" } },
      includeParameterUsage: true,
    };
    const request = (input: ThoughtInput): WriteRequest => ({
      projectId: "p",
      apiKeyId: null,
      input,
      raw: input,
      idempotencyKey: null,
    });
    const posted = postRequests([request(full), request(base)]);
    const received = receivedRequests(structuredClone({ id: 1, limits: {} as never, ...posted }));
    // The detail crosses as the JSON text its row stores, with its kind (DetailText); JSON gives it back as it was.
    expect(received[0]!.input.detail).toEqual(new DetailText(JSON.stringify(full.detail), "reasoning"));
    const asJson = (v: unknown): unknown => (v === undefined ? undefined : JSON.parse(JSON.stringify(v)));
    expect(received.map((r) => ({ ...r.input, detail: asJson(r.input.detail) }))).toEqual([full, base]);
    expect(Object.keys(received[1]!.input)).toEqual(Object.keys(THOUGHT_FIELDS));
  });

  it("gives revise_thought the same kinds and bounds under the snake_case names, each optional", () => {
    const properties = REVISE_THOUGHT.inputSchema.properties;
    const sequential = SEQUENTIAL_THINKING.inputSchema.properties;
    expect(Object.keys(properties)).toEqual([
      "thought_id",
      "thoughtId",
      "session_id",
      ...Object.keys(REVISABLE_FIELDS).map((f) => THOUGHT_FIELDS[f as keyof typeof REVISABLE_FIELDS].alias),
    ]);
    for (const [field, description] of Object.entries(REVISABLE_FIELDS)) {
      const alias = THOUGHT_FIELDS[field as keyof typeof REVISABLE_FIELDS].alias;
      expect(properties[alias]).toEqual({ ...sequential[field], description });
    }
    expect(REVISE_THOUGHT.inputSchema.required).toBeUndefined(); // thought_id (a number) or thoughtId (an id)
    const edit = parseArguments(ZReviseInput, { thought_id: "t1", revises_thought: "2", score: "0.5" });
    expect(edit.ok && edit.value).toEqual({ thoughtId: "t1", revisesThought: 2, score: 0.5 });
    const bad = parseArguments(ZReviseInput, { thought_id: "t1", total_thoughts: 0 });
    expect(!bad.ok && bad.problem).toMatchObject({ field: "totalThoughts" });
    expect(!bad.ok && bad.problem.message).toContain("total_thoughts");
  });
});
