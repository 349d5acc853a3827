// The session graph's geometry as a reader sees it: how many nodes an overlay (the minimap, the compare picker) covers.
import type { Locator } from "@playwright/test";

/** How many of `nodes` overlap `overlay`'s box, in page pixels. */
export async function nodesUnder(overlay: Locator, nodes: Locator): Promise<number> {
  const o = (await overlay.boundingBox())!;
  const boxes = await nodes.evaluateAll((els) => els.map((e) => e.getBoundingClientRect().toJSON() as DOMRect));
  return boxes.filter((b) => b.left < o.x + o.width && b.right > o.x && b.top < o.y + o.height && b.bottom > o.y)
    .length;
}
