import { describe, expect, it } from "vitest";
import { inPages } from "./in-pages";

/** Rows with the given seqs, read as a database would: seq > after, ascending, at most `take`. */
function table(seqs: number[]) {
  const calls: number[] = [];
  const read = async (after: number, take: number) => {
    calls.push(after);
    return seqs
      .filter((s) => s > after)
      .slice(0, take)
      .map((seq) => ({ seq }));
  };
  return { read, calls };
}

describe("inPages", () => {
  it("reads every row in order across pages, gaps in seq included", async () => {
    const seqs = [1, 2, 3, 7, 8, 20, 21, 22, 40, 41];
    const { read, calls } = table(seqs);
    expect((await inPages(read, 3)).map((r) => r.seq)).toEqual(seqs);
    expect(calls).toEqual([0, 3, 20, 40]); // keyed by the last seq of each page; the short last page ends it
  });

  it("stops after an empty page when the rows fill the pages exactly, and reads nothing twice", async () => {
    const { read, calls } = table([1, 2, 3, 4]);
    expect((await inPages(read, 2)).map((r) => r.seq)).toEqual([1, 2, 3, 4]);
    expect(calls).toEqual([0, 2, 4]);
  });

  it("lets the event loop turn between pages", async () => {
    const order: string[] = [];
    const read = async (after: number, take: number) => {
      order.push(`read ${after}`);
      if (after === 0) setImmediate(() => order.push("other work"));
      return [1, 2, 3, 4]
        .filter((s) => s > after)
        .slice(0, take)
        .map((seq) => ({ seq }));
    };
    await inPages(read, 2);
    expect(order).toEqual(["read 0", "other work", "read 2", "read 4"]);
  });
});
