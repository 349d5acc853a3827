// The thought graph as a standalone SVG document: rects, paths and text only (no foreignObject, no CSS variables,
// no fonts to fetch), so vector editors open it and a browser can rasterise it (the PNG export draws this at 2×).
// Laid out by the page's own lane layout (layout.ts) with the page's sizes (geometry.ts): main chain in lane 0, a lane
// per branch, "next" edges down a lane, dashed "fork" edges into a branch, and "revises" curves bowed out to the left
// with their label on a background-coloured box. Every thought is drawn: an image has no folds to open.
import { layoutThoughts, type LayoutThought } from "./layout";
import { LANE_GAP, NODE_HEIGHT, NODE_WIDTH, REVISE_BOW, ROW_GAP } from "./geometry";

export interface SvgThought extends LayoutThought {
  thoughtNumber: number;
  totalThoughts: number;
  stage: string | null;
  flags: readonly string[];
  preview: string;
}

/** Concrete colours (hex or rgb()): an SVG file cannot read the page's CSS variables. */
export interface SvgTheme {
  background: string;
  node: string;
  nodeBorder: string;
  flagged: string;
  text: string;
  muted: string;
  edge: string;
  edgeBranch: string;
  edgeRevision: string;
}

export const LIGHT_SVG_THEME: SvgTheme = {
  background: "#ffffff",
  node: "#ffffff",
  nodeBorder: "#d4d4d8",
  flagged: "#f59e0b",
  text: "#18181b",
  muted: "#71717a",
  edge: "#a1a1aa",
  edgeBranch: "#0d9488",
  edgeRevision: "#f97316",
};

/** Room around the drawing; on the left also for the "revises" curves and labels of lane 0. */
const PAD = 24;
const PAD_LEFT = PAD + REVISE_BOW + 16;
const FONT = "system-ui, -apple-system, 'Segoe UI', Roboto, sans-serif";
/** Preview lines under the header, and the characters that fit on one at 12 px (~6.3 px per character, measured on
 *  the UI font's average prose, leaving room for wide ones). */
const PREVIEW_LINES = 3;
const LINE_CHARS = 32;
const LABEL_W = 50;
const LABEL_H = 18;

const XML_ENTITIES: Record<string, string> = { "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&apos;" };
/** Text for an XML text node or attribute; characters XML 1.0 forbids (C0 controls but tab and newlines) are dropped. */
export const xmlText = (s: string) =>
  // eslint-disable-next-line no-control-regex
  s.replace(/[\x00-\x08\x0b\x0c\x0e-\x1f\ufffe\uffff]/g, "").replace(/[&<>"']/g, (c) => XML_ENTITIES[c]!);

/** The preview cut into lines of at most LINE_CHARS at word boundaries, the last ending in "…" when cut. */
export function wrapPreview(text: string, lines = PREVIEW_LINES, width = LINE_CHARS): string[] {
  const out: string[] = [];
  let rest = text.trim();
  while (rest && out.length < lines) {
    if (rest.length <= width) {
      out.push(rest);
      rest = "";
      break;
    }
    const cut = rest.lastIndexOf(" ", width);
    const at = cut > width / 2 ? cut : width;
    out.push(rest.slice(0, at).trimEnd());
    rest = rest.slice(at).trimStart();
  }
  if (rest && out.length > 0) out[out.length - 1] = `${out[out.length - 1]!.slice(0, width - 1).trimEnd()}…`;
  return out;
}

/** The graph of `thoughts` as an SVG document (a string starting with `<svg`). */
export function graphSvg(thoughts: readonly SvgThought[], theme: SvgTheme = LIGHT_SVG_THEME): string {
  const layout = layoutThoughts(thoughts);
  const byId = new Map(thoughts.map((t) => [t.id, t]));
  const lanes = Math.max(1, layout.lanes.size);
  const width = PAD_LEFT + lanes * NODE_WIDTH + (lanes - 1) * LANE_GAP + PAD;
  const height = 2 * PAD + Math.max(1, layout.rows) * NODE_HEIGHT + Math.max(0, layout.rows - 1) * ROW_GAP;
  const at = new Map(
    layout.nodes.map((n) => [
      n.id,
      { x: PAD_LEFT + n.lane * (NODE_WIDTH + LANE_GAP), y: PAD + n.row * (NODE_HEIGHT + ROW_GAP) },
    ]),
  );

  const edges: string[] = [];
  const labels: string[] = [];
  for (const e of layout.edges) {
    const s = at.get(e.source)!;
    const t = at.get(e.target)!;
    if (e.kind === "revises") {
      const [sx, sy, tx, ty] = [s.x, s.y + NODE_HEIGHT / 2, t.x, t.y + NODE_HEIGHT / 2];
      const c = Math.min(sx, tx) - REVISE_BOW;
      edges.push(
        `<path d="M ${sx},${sy} C ${c},${sy} ${c},${ty} ${tx},${ty}" fill="none" stroke="${theme.edgeRevision}" stroke-width="1.5"/>`,
      );
      const lx = (sx + 6 * c + tx) / 8 - LABEL_W / 2;
      const ly = (sy + ty) / 2 - LABEL_H / 2;
      labels.push(
        `<g class="edge-label" transform="translate(${lx} ${ly})">` +
          `<rect width="${LABEL_W}" height="${LABEL_H}" rx="2" fill="${theme.background}" stroke="${theme.edgeRevision}" stroke-width="0.75"/>` +
          `<text x="${LABEL_W / 2}" y="${LABEL_H / 2 + 4}" text-anchor="middle" font-size="12" fill="${theme.edgeRevision}">revises</text></g>`,
      );
      continue;
    }
    const [sx, sy, tx, ty] = [s.x + NODE_WIDTH / 2, s.y + NODE_HEIGHT, t.x + NODE_WIDTH / 2, t.y];
    const mid = (sy + ty) / 2;
    const d = sx === tx ? `M ${sx},${sy} L ${tx},${ty}` : `M ${sx},${sy} C ${sx},${mid} ${tx},${mid} ${tx},${ty}`;
    const style =
      e.kind === "fork"
        ? `stroke="${theme.edgeBranch}" stroke-width="1.5" stroke-dasharray="6 4"`
        : `stroke="${theme.edge}" stroke-width="1.25"`;
    edges.push(`<path d="${d}" fill="none" ${style}/>`);
  }

  const nodes = layout.nodes.map((n) => {
    const t = byId.get(n.id)!;
    const { x, y } = at.get(n.id)!;
    const head = [`${t.thoughtNumber}/${t.totalThoughts}`, t.branchId ? `branch ${t.branchId}` : null, t.stage]
      .filter(Boolean)
      .join(" · ");
    const lines = wrapPreview(t.preview)
      .map((line, i) => `<text x="10" y="${40 + i * 15}" font-size="12" fill="${theme.text}">${xmlText(line)}</text>`)
      .join("");
    const border = t.flags.length > 0 ? theme.flagged : theme.nodeBorder;
    return (
      `<g class="node" data-id="${xmlText(n.id)}" transform="translate(${x} ${y})">` +
      `<rect width="${NODE_WIDTH}" height="${NODE_HEIGHT}" rx="8" fill="${theme.node}" stroke="${border}" stroke-width="1"/>` +
      `<text x="10" y="20" font-size="11" font-weight="600" fill="${theme.muted}">${xmlText(head.slice(0, 40))}</text>` +
      lines +
      `</g>`
    );
  });

  return (
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}" ` +
    `font-family="${FONT}">\n` +
    `<rect width="100%" height="100%" fill="${theme.background}"/>\n` +
    `<g class="edges">${edges.join("")}</g>\n<g class="nodes">${nodes.join("\n")}</g>\n` +
    `<g class="labels">${labels.join("")}</g>\n</svg>\n`
  );
}
