// Side by side: the official reference server (@modelcontextprotocol/server-sequential-thinking, spawned over stdio
// with the v1 client) and thoughtgraph (over HTTP with the v1 client, and through the stdio bridge) are given the same
// calls and must answer the same five official fields, and refuse the same malformed arguments. The official server
// keeps one history per process, so every case gets a fresh official process and a fresh thoughtgraph session (the
// extra `sessionId` argument is ignored by the official server, which drops unknown arguments).
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { BEHAVIOUR_CASES, COERCIONS_ACCEPTED, COERCIONS_REJECTED, MIXED_SEQUENCE, patched, type Args } from "./cases";
import { bridge, newApiKey, official, officialPart, uniqueKey, v1Http, type McpConnection } from "./support";

let key: string;
let doors: McpConnection[];

beforeAll(async () => {
  key = await newApiKey("side by side");
  doors = [await v1Http(key, "side-by-side"), await bridge(key, undefined, "side-by-side")];
});
afterAll(async () => {
  await Promise.all(doors.map((d) => d.close()));
});

/** Runs the calls on a fresh official server; returns each answer's official fields (or "error"). */
async function runOfficial(calls: Args[]) {
  const ref = await official();
  try {
    const out: unknown[] = [];
    for (const args of calls) {
      const r = await ref.callTool("sequentialthinking", args);
      out.push(r.isError ? "error" : officialPart(r.structuredContent!));
      // The official text is the same object as JSON.
      if (!r.isError) expect(JSON.parse(r.text)).toEqual(r.structuredContent);
    }
    return out;
  } finally {
    await ref.close();
  }
}

async function runThoughtgraph(door: McpConnection, calls: Args[]) {
  const sessionId = uniqueKey("sbs");
  const out: unknown[] = [];
  for (const args of calls) {
    const r = await door.callTool("sequentialthinking", { ...args, sessionId });
    out.push(r.isError ? "error" : officialPart(r.structuredContent!));
  }
  return out;
}

const SEQUENCES: { name: string; calls: Args[] }[] = [
  ...BEHAVIOUR_CASES.map((c) => ({ name: c.name, calls: c.calls })),
  ...COERCIONS_ACCEPTED.map((c) => ({ name: `coercion ${c.name}`, calls: [patched(c.patch)] })),
  ...COERCIONS_REJECTED.map((c) => ({ name: `rejected ${c.name}`, calls: [patched(c.patch)] })),
  { name: "a mixed sequence: revision, two branches, raised total, strings", calls: MIXED_SEQUENCE },
];

describe("the official server and thoughtgraph, given the same calls", () => {
  it.each(SEQUENCES)("$name", async ({ calls }) => {
    const expected = await runOfficial(calls);
    for (const door of doors) {
      expect(await runThoughtgraph(door, calls), door.label).toEqual(expected);
    }
  });

  it("advertise sequentialthinking with the same argument names, types (ours without unions) and required set", async () => {
    const ref = await official();
    try {
      const theirs = (await ref.listTools()).find((t) => t.name === "sequentialthinking")!;
      for (const door of doors) {
        const ours = (await door.listTools()).find((t) => t.name === "sequentialthinking")!;
        const sorted = (names: string[] | undefined) => [...(names ?? [])].sort();
        expect(sorted(ours.inputSchema.required), door.label).toEqual(sorted(theirs.inputSchema.required));
        for (const [name, prop] of Object.entries(theirs.inputSchema.properties!)) {
          // Ours advertises one of their types: the canonical one (no unions, which model providers refuse).
          expect([prop.type].flat(), `${door.label}: ${name}`).toContain(ours.inputSchema.properties![name]?.type);
          if ("minimum" in prop) expect(ours.inputSchema.properties![name]?.minimum).toEqual(prop.minimum);
        }
        // Ours adds optional arguments only.
        const extra = Object.keys(ours.inputSchema.properties!).filter((n) => !(n in theirs.inputSchema.properties!));
        expect(extra.every((n) => !ours.inputSchema.required!.includes(n))).toBe(true);
        // Both put the five official fields in the output schema.
        const outProps = (o: Record<string, unknown> | undefined) => Object.keys(o?.properties ?? {});
        expect(outProps(ours.outputSchema)).toEqual(expect.arrayContaining(outProps(theirs.outputSchema)));
      }
    } finally {
      await ref.close();
    }
  });
});
