import { describe, expect, it } from "vitest";
import { foldGraph } from "./collapse";
import { branchWord, foldBranches, hiddenLanes, isReaderFold, transcriptEntries } from "./fold-branches";
import { layoutThoughts } from "./layout";

let seq = 0;
const t = (id: string, kind: string | null, branchId: string | null = null, from: string | null = null) => ({
  id,
  seq: ++seq,
  kind,
  branchId,
  branchFromThoughtId: from,
  revisesThoughtId: null,
  isRevision: null,
  flags: [] as string[],
});

/** A main chain with a sub-agent (forked from a tool call), a rewind inside the sub-agent, and a rewind of the main
 *  chain, arriving interleaved as a live session's do. */
const thoughts = [
  t("p", "prompt"),
  t("call", "tool_call"),
  t("s1", "prompt", "agent-a", "call"),
  t("s2", "reasoning", "agent-a"),
  t("m3", "answer"),
  t("s3", "answer", "agent-a"),
  t("s2b", "answer", "fork-s2b", "s2"),
  t("r1", "prompt", "fork-r1", "p"),
  t("r2", "answer", "fork-r1"),
];
const byId = new Map(thoughts.map((x) => [x.id, x]));
const laneOf = (id: string) => byId.get(id)?.branchId ?? "";

describe("hiddenLanes", () => {
  it("hides a folded branch and every branch forked from inside it, never the main chain", () => {
    expect([...hiddenLanes(thoughts, new Set(["agent-a"]))]).toEqual([
      ["agent-a", "agent-a"],
      ["fork-s2b", "agent-a"],
    ]);
    expect([...hiddenLanes(thoughts, new Set(["", "fork-r1"]))]).toEqual([["fork-r1", "fork-r1"]]);
    expect(hiddenLanes(thoughts, new Set()).size).toBe(0);
  });
});

describe("foldBranches", () => {
  const graph = () => foldGraph(layoutThoughts(thoughts), byId, []);

  it("draws a folded sub-agent as one node where it starts, with the thoughts under it counted and edges joined", () => {
    const f = foldBranches(graph(), hiddenLanes(thoughts, new Set(["agent-a"])), laneOf);
    const summary = f.nodes.find(isReaderFold)!;
    expect(summary).toMatchObject({ id: "fold:agent-a", branchKey: "agent-a", count: 4, firstId: "s1" });
    for (const id of ["s1", "s2", "s3", "s2b"]) expect(f.shownAs.get(id)).toBe("fold:agent-a");
    expect(f.nodes.map((n) => n.id).sort()).toEqual(["call", "fold:agent-a", "m3", "p", "r1", "r2"]);
    expect(f.edges.map((e) => e.id).sort()).toEqual([
      "f:call:fold:agent-a",
      "f:p:r1",
      "n:call:m3",
      "n:p:call",
      "n:r1:r2",
    ]);
    // Where the sub-agent started, and the lanes it and its rewind took closed up: the main chain's rewind moves in.
    const where = (id: string) => f.nodes.find((n) => n.id === id)!;
    const before = graph();
    const s1 = before.nodes.find((n) => n.id === "s1")!;
    expect([where("fold:agent-a").lane, where("fold:agent-a").row]).toEqual([s1.lane, s1.row]);
    expect(where("r1").lane).toBe(2);
    expect(before.nodes.find((n) => n.id === "r1")!.lane).toBe(3);
  });

  it("leaves the graph as it was when nothing is folded", () => {
    const g = graph();
    expect(foldBranches(g, new Map(), laneOf)).toBe(g);
  });

  it("folds a branch of a large folded graph too, and accounts for every thought", () => {
    const big = [...thoughts];
    for (let i = 0; i < 600; i++) big.push(t(`x${i}`, "reasoning", "agent-a"));
    const map = new Map(big.map((x) => [x.id, x]));
    const g = foldGraph(layoutThoughts(big), map, ["s1"], 500);
    expect(g.collapsed).toBe(true);
    const f = foldBranches(g, hiddenLanes(big, new Set(["agent-a"])), (id) => map.get(id)?.branchId ?? "");
    const counted = f.nodes.reduce((sum, n) => sum + (n.kind === "thought" ? 1 : n.count), 0);
    expect(counted).toBe(big.length);
    const bigLane = (id: string) => map.get(id)?.branchId ?? "";
    expect(
      f.nodes.filter((n) => n.kind !== "branch" && bigLane(n.kind === "thought" ? n.id : n.firstId) === "agent-a"),
    ).toEqual([]);
    expect(f.nodes.filter(isReaderFold).map((n) => n.count)).toEqual([604]);
  });
});

describe("transcriptEntries", () => {
  it("shows a folded branch as one row where it starts, counting the branches under it", () => {
    const { entries, indexOf } = transcriptEntries(thoughts, hiddenLanes(thoughts, new Set(["agent-a"])));
    expect(entries.map((e) => (e.type === "thought" ? e.thought.id : `fold ${e.branchKey} ${e.count}`))).toEqual([
      "p",
      "call",
      "fold agent-a 4",
      "m3",
      "r1",
      "r2",
    ]);
    expect(indexOf.get("s2b")).toBe(2);
    expect(indexOf.get("m3")).toBe(3);
  });
});

describe("branchWord", () => {
  it("names a branch from a tool call a sub-agent, another imported branch a rewind, an agent's own a branch", () => {
    expect(branchWord(byId.get("s1")!, byId.get("call"))).toBe("sub-agent");
    expect(branchWord(byId.get("r1")!, byId.get("p"))).toBe("rewind");
    expect(branchWord({ kind: null }, { kind: null })).toBe("branch");
  });
});
