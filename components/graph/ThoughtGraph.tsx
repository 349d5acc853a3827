"use client";
// The session's thought graph (React Flow): lanes from lib/graph/layout.ts, folded past COLLAPSE_AT thoughts by
// lib/graph/collapse.ts. Revision edges are overlay curves; next and fork edges follow the lanes.
import {
  Background,
  Controls,
  MiniMap,
  ReactFlow,
  ReactFlowProvider,
  useReactFlow,
  useStore,
  useStoreApi,
  type Edge,
  type Node,
  type NodeMouseHandler,
} from "@xyflow/react";
import "@xyflow/react/dist/style.css";
import { useEffect, useMemo, useRef, type RefObject } from "react";
import type { OutlineThought } from "@/lib/contracts/dashboard";
import type { Folded } from "@/lib/graph/collapse";
import { dependencyFlowEdges } from "@/lib/graph/dependency-edges";
import { isReaderFold } from "@/lib/graph/fold-branches";
import { LANE_GAP, ROW_GAP } from "@/lib/graph/geometry";
import { badgeKey } from "@/lib/graph/node-badges";
import { toolCallPreview } from "@/lib/graph/tool-preview";
import { resultWords } from "@/lib/normalised/kind-words";
import { DEPENDENCY_EDGE_STYLE, GraphLegend } from "@/components/reasoning/GraphLegend";
import { FLOW_THEME } from "./flow-theme";
import { NO_GRAPH_REASONING, type GraphReasoning } from "@/components/reasoning/useGraphReasoning";
import {
  FOLD_HANDLES,
  NODE_HEIGHT,
  NODE_TYPES,
  NODE_WIDTH,
  THOUGHT_HANDLES,
  type FoldNodeData,
  type ThoughtNodeData,
} from "./ThoughtNode";
import { EDGE_TYPES } from "./RevisesEdge";
import { BranchFoldContext } from "./branch-fold-context";
import { CompareHrefContext, type CompareHref } from "./compare-context";
import { ComparePicker } from "./ComparePicker";
import { MAIN } from "@/lib/graph/compare-paths";
import type { ViewRowsStore } from "@/components/overview/view-rows";

/** Above this many nodes React Flow renders only what is in the viewport. */
const VISIBLE_ONLY_AT = 300;
/** The smallest zoom the graph opens at: node text is 13 px (text-sm), so 0.85 draws it at 11 px. A whole graph that
 *  fits at this zoom or more opens whole; a larger one opens on the selected or newest thought, at the zoom (between
 *  this and READ_ZOOM) that shows the most of the graph's width, instead of as an unreadable sliver. */
const MIN_FIT_ZOOM = 0.85;
const READ_ZOOM = 1;
const FIT_PADDING = 24;
/** Left and right of a graph, fitted or slid to the pane's edge: room for the "revises" labels of edges that bow out
 *  left of lane 0 (RevisesEdge.tsx: the label reaches 57 px out). */
const SIDE_PADDING = 64;
/** A graph this small opens whole on screen: a minimap would only cover nodes, so it shows from here up (when the
 *  reader turns it on in the View menu; it starts off, components/session/SessionView.tsx). */
const MINIMAP_AT = 40;
/** The minimap's width with its margins (top-right, 132 px wide, 8 px in): with it shown, the opening view keeps
 *  its nodes left of it, so it covers none there (it covered one node's edge at 1024×768). A tall graph fills the
 *  pane from top to bottom, so only a strip at the right keeps the corner clear. */
const MINIMAP_RESERVE = 132 + 2 * 8;
/** The zoom controls lie in a row at the bottom-left (3 buttons of 26 px with 1 px borders, 15 px in); the compare
 *  picker's bar follows them on that row, 8 px further right. */
const PICKER_LEFT = 15 + 3 * 27 + 2 + 8;
/** Below the opening view's nodes: the row of the zoom controls and the compare picker (15 px in, up to 32 px tall)
 *  with 8 px between. At 1024×768 a newest thought slid to the pane's bottom, 24 px in, lay under them. */
const BOTTOM_RESERVE = 15 + 32 + 8;

export interface ThoughtGraphProps {
  folded: Folded;
  thoughts: ReadonlyMap<string, OutlineThought>;
  /** Review-score chips by thought id (components/scoring/score-format.ts chipOf); absent: no chip. */
  scoreChips?: ReadonlyMap<string, { text: string; title: string }>;
  /** Metacognition badges and breakdown dependency edges (components/reasoning/useGraphReasoning.ts). */
  reasoning?: GraphReasoning;
  selectedId: string | null;
  /** A request to bring a thought into view (follow mode, keyboard navigation); `key` changes per request. `open`:
   *  the first view of the session (fit the whole graph when it stays readable, else centre on the thought). */
  center: { id: string; key: number; open?: boolean } | null;
  onSelect: (thoughtId: string) => void;
  /** Show the minimap (the View menu toggles it; off by default). */
  minimap?: boolean;
  /** Tool results folded into their calls, by the call's id (components/session/useSessionFolds.ts). */
  resultsOf?: ReadonlyMap<string, readonly OutlineThought[]>;
  /** Each branch's first thought and what it is in words: its first node can fold it. */
  branches?: ReadonlyMap<string, { firstId: string; word: string }>;
  /** Folds or unfolds a branch (absent: nodes offer no folding). */
  onToggleBranch?: (branchKey: string) => void;
  /** The compare view's address for two lines ("main" or branch ids); absent: no compare links (the share page). */
  compareHref?: CompareHref;
  /** Where the viewport is, in drawn rows, for the session overview. */
  viewRows?: ViewRowsStore;
  /** The lines picked to compare (at most two), kept by the view. */
  picked?: string[];
  onPicked?: (lines: string[]) => void;
  /** Pixels at the pane's right edge covered by an overlay (the session overview): kept clear in the opening view. */
  overlayRight?: number;
}

const EDGE_STYLE = {
  next: { stroke: "var(--graph-edge)", strokeWidth: 1.25 },
  fork: { stroke: "var(--graph-edge-branch)", strokeWidth: 1.5, strokeDasharray: "6 4" },
  revises: { stroke: "var(--graph-edge-revision)", strokeWidth: 1.5 },
} as const;

/** Size and handles known up front (ThoughtNode.tsx THOUGHT_HANDLES): React Flow draws only the nodes in view from
 *  the first frame instead of mounting and measuring all of them once. */
const SIZE = { width: NODE_WIDTH, height: NODE_HEIGHT, measured: { width: NODE_WIDTH, height: NODE_HEIGHT } };

const NO_PICKS: string[] = [];
const NO_CHIPS: ReadonlyMap<string, { text: string; title: string }> = new Map();
const NO_RESULTS: ReadonlyMap<string, readonly OutlineThought[]> = new Map();
const NO_BRANCHES: ReadonlyMap<string, { firstId: string; word: string }> = new Map();

/** The graph with its own React Flow store: the unit components/graph/LazyThoughtGraph.tsx loads on demand. */
export function ThoughtGraphPane(props: ThoughtGraphProps) {
  return (
    <ReactFlowProvider>
      <ThoughtGraph {...props} />
    </ReactFlowProvider>
  );
}

export function ThoughtGraph({
  folded,
  thoughts,
  scoreChips = NO_CHIPS,
  reasoning = NO_GRAPH_REASONING,
  selectedId,
  center,
  onSelect,
  minimap = false,
  resultsOf = NO_RESULTS,
  branches = NO_BRANCHES,
  onToggleBranch,
  compareHref,
  viewRows,
  overlayRight = 0,
  picked = NO_PICKS,
  onPicked,
}: ThoughtGraphProps) {
  // Node objects are reused while their thought and position are unchanged, so a live thought or a refold re-renders
  // only the nodes that changed (memoized components compare props by identity).
  const cache = useRef(new Map<string, { key: unknown; pos: string; chip: string; node: Node }>());
  const base = useMemo<Node[]>(() => {
    const next = new Map<string, { key: unknown; pos: string; chip: string; node: Node }>();
    const nodes = folded.nodes.map((n) => {
      const position = { x: n.lane * (NODE_WIDTH + LANE_GAP), y: n.row * (NODE_HEIGHT + ROW_GAP) };
      const pos = `${position.x},${position.y}`;
      const key = n.kind === "thought" ? thoughts.get(n.id) : n.count;
      const scoreChip = n.kind === "thought" ? (scoreChips.get(n.id) ?? null) : null;
      // A chip compares by its text, so refetched chips re-render only the nodes whose chip changed.
      const badge = n.kind === "thought" ? (reasoning.badges.get(n.id) ?? null) : null;
      const t = n.kind === "thought" ? thoughts.get(n.id) : undefined;
      const results = t?.kind === "tool_call" ? resultWords(resultsOf.get(n.id) ?? []) : null;
      const starts = t?.branchId ? branches.get(t.branchId) : undefined;
      const startsBranch = starts?.firstId === n.id ? starts.word : null;
      // What else a node shows, compared as text: a refetch re-renders only the nodes whose chips changed.
      const chip =
        (scoreChip ? `${scoreChip.text}|${scoreChip.title}` : "") + badgeKey(badge) + `|${results}|${startsBranch}`;
      const hit = cache.current.get(n.id);
      if (hit && hit.key === key && hit.pos === pos && hit.chip === chip) {
        next.set(n.id, hit);
        return hit.node;
      }
      let node: Node;
      if (n.kind === "thought") {
        const data: ThoughtNodeData = {
          id: n.id,
          number: t?.thoughtNumber ?? 0,
          total: t?.totalThoughts ?? 0,
          stage: t?.stage ?? null,
          flags: t?.flags.length ?? 0,
          score: t?.score ?? null,
          preview: (t?.kind === "tool_call"
            ? toolCallPreview(t.preview, t.tool?.name ?? null)
            : (t?.preview ?? "")
          ).slice(0, 120),
          isRevision: t?.isRevision === true,
          branch: t?.branchId ?? null,
          reviews: scoreChip?.text ?? null,
          reviewsTitle: scoreChip?.title ?? null,
          badge,
          kind: t?.kind ?? null,
          tool: t?.kind === "tool_call" ? (t.tool?.name ?? null) : null,
          result: results,
          startsBranch,
        };
        node = { id: n.id, type: "thought", position, data, handles: THOUGHT_HANDLES, ...SIZE };
      } else {
        const byReader = isReaderFold(n);
        const word = n.kind === "branch" ? (branches.get(n.branchKey)?.word ?? "branch") : null;
        const data: FoldNodeData = {
          label: n.kind === "branch" ? `${word} ${n.branchKey}` : "folded run",
          count: n.count,
          branchKey: byReader ? n.branchKey : null,
        };
        node = { id: n.id, type: "fold", position, data, handles: FOLD_HANDLES, ...SIZE };
      }
      next.set(n.id, { key, pos, chip, node });
      return node;
    });
    cache.current = next;
    return nodes;
  }, [folded, thoughts, scoreChips, reasoning, resultsOf, branches]);
  const selectedNode = selectedId ? (folded.shownAs.get(selectedId) ?? null) : null;
  // Only the selected node's object changes on selection, so memoized nodes elsewhere do not re-render.
  const nodes = useMemo(
    () => (selectedNode ? base.map((n) => (n.id === selectedNode ? { ...n, selected: true } : n)) : base),
    [base, selectedNode],
  );
  const edges = useMemo<Edge[]>(
    () => [
      ...folded.edges.map((e) => ({
        id: e.id,
        source: e.source,
        target: e.target,
        type: e.kind === "revises" ? "revises" : "smoothstep",
        style: EDGE_STYLE[e.kind],
        className: `tg-edge-${e.kind}`,
        ...(e.kind === "revises"
          ? { sourceHandle: "rev-out", targetHandle: "rev-in" } // RevisesEdge.tsx draws its own label
          : {}),
      })),
      ...dependencyFlowEdges(reasoning.dependencies, folded.shownAs, folded.edges).map((e) => ({
        id: e.id,
        source: e.source,
        target: e.target,
        style: DEPENDENCY_EDGE_STYLE,
        className: `tg-edge-depends tg-edge-depends-${e.type}`,
      })),
    ],
    [folded, reasoning],
  );

  // Whether the reader has moved the graph since it opened (then the opening view no longer follows the pane's size).
  const touched = useRef(false);
  const showMinimap = minimap && nodes.length >= MINIMAP_AT;

  const onNodeClick: NodeMouseHandler = (_, node) => {
    const n = folded.nodes.find((x) => x.id === node.id);
    if (!n) return;
    if (isReaderFold(n)) onToggleBranch?.(n.branchKey);
    onSelect(n.kind === "thought" ? n.id : n.firstId);
  };

  const branched = folded.nodes.some((n) => n.lane > 0);
  const selectedLine = selectedId ? (thoughts.get(selectedId)?.branchId ?? MAIN) : null;
  const showPicker = compareHref !== undefined && branched && selectedLine !== null;
  return (
    <CompareHrefContext.Provider value={compareHref ?? null}>
      <div
        className="tg-graph relative h-full w-full bg-graph-canvas"
        aria-label="Thought graph"
        role="region"
        // How many nodes React Flow holds (it draws only those in view above VISIBLE_ONLY_AT): read by bench:ui.
        data-node-count={nodes.length}
      >
        <BranchFoldContext value={onToggleBranch ?? null}>
          <ReactFlow
            nodes={nodes}
            edges={edges}
            nodeTypes={NODE_TYPES}
            edgeTypes={EDGE_TYPES}
            onNodeClick={onNodeClick}
            nodesDraggable={false}
            nodesConnectable={false}
            edgesFocusable={false}
            onlyRenderVisibleElements={nodes.length > VISIBLE_ONLY_AT}
            minZoom={0.05}
            maxZoom={2}
            style={FLOW_THEME}
            proOptions={{ hideAttribution: true }}
            // A move with an event is the reader's own (drag, wheel, the controls); programmatic moves have none.
            onMoveStart={(event) => {
              if (event) touched.current = true;
            }}
          >
            <Background gap={24} size={1} color="var(--graph-dots)" />
            {showMinimap ? (
              <MiniMap
                pannable
                zoomable
                ariaLabel="Minimap"
                position="top-right"
                style={{ width: 132, height: 88, margin: 8, marginRight: 8 + overlayRight }}
                className="overflow-hidden rounded-md border border-border shadow-xs"
                nodeStrokeWidth={0}
              />
            ) : null}
            {reasoning.dependencies.length > 0 ? <GraphLegend /> : null}
            {showPicker ? (
              <ComparePicker
                line={selectedLine}
                compareHref={compareHref}
                picked={picked}
                onPicked={onPicked ?? (() => {})}
                left={PICKER_LEFT}
                right={15 + overlayRight}
              />
            ) : null}
            <Controls
              showInteractive={false}
              position="bottom-left"
              orientation="horizontal"
              className="overflow-hidden rounded-md border border-border"
            />
            <FollowCenter
              nodeId={center ? (folded.shownAs.get(center.id) ?? null) : null}
              requestKey={center?.key ?? 0}
              open={center?.open === true}
              nodes={nodes}
              touched={touched}
              right={(showMinimap ? MINIMAP_RESERVE : SIDE_PADDING) + overlayRight}
              endPad={showMinimap ? SIDE_PADDING : FIT_PADDING}
            />
            {viewRows ? <ViewportRows store={viewRows} /> : null}
          </ReactFlow>
        </BranchFoldContext>
      </div>
    </CompareHrefContext.Provider>
  );
}

/** The viewport offset on one axis for a pane of `size`: content that fits is centred; larger content is centred on
 *  `focus`, then clamped so neither content edge comes further in than `pad` (all in zoomed pixels). `fromStart`:
 *  rather show the content from its start (the main chain, lane 0) when the focus (up to `focusEnd`) fits so, or
 *  else put the focus at the far edge. */
function settle(
  size: number,
  min: number,
  max: number,
  focus: number,
  pad: number,
  fromStart?: { focusEnd: number; endPad: number },
): number {
  if (max - min <= size - 2 * pad) return (size - (max - min)) / 2 - min;
  if (fromStart && fromStart.focusEnd + pad - min <= size - pad) return pad - min;
  // Else the focus at the far edge (only `endPad` in), so as much as possible of what lies before it shows.
  const at = fromStart ? size - fromStart.endPad - fromStart.focusEnd : size / 2 - focus;
  return Math.min(pad - min, Math.max(size - pad - max, at));
}

/** Brings a node into view once per request (opening, follow mode and keyboard selection). On opening, the whole
 *  graph is fitted when that keeps node text readable (zoom ≥ MIN_FIT_ZOOM); otherwise, and for later requests, the
 *  node is centred at a readable zoom (never zooming out from where the reader put it). */
function FollowCenter({
  nodeId,
  requestKey,
  open,
  nodes,
  touched,
  right,
  endPad,
}: {
  nodeId: string | null;
  requestKey: number;
  open: boolean;
  nodes: Node[];
  touched: RefObject<boolean>;
  /** Room right of the opening view's nodes: SIDE_PADDING, or what the minimap takes, plus any overlay. */
  right: number;
  /** How far in from `right` a thought slid to the far edge stays: SIDE_PADDING beside the minimap, FIT_PADDING
   *  beside the pane's edge or the overview strip (at 1024 px, 64 px there cut the main chain beside a branch's
   *  newest thought by 38 % of a node; 24 px by 19 %). */
  endPad: number;
}) {
  const flow = useReactFlow();
  const width = useStore((s) => s.width);
  const height = useStore((s) => s.height);
  const latest = useRef(nodes);
  latest.current = nodes;
  const size = useRef({ width, height });
  size.current = { width, height };
  const ready = width > 0 && height > 0;
  // The opening view is computed again when the pane's size changes, until the reader moves the graph: the panes
  // settle after the first paint (and restack when the window crosses 900 px), and a view fitted to a transient size
  // showed the top of the graph with the newest thought out of sight at 820 px.
  const paneSize = open && !touched.current ? `${width}x${height}x${right}` : "";
  useEffect(() => {
    if (!nodeId || !ready) return;
    const all = latest.current;
    const node = all.find((n) => n.id === nodeId);
    if (!node) return;
    if (open) {
      let minX = Infinity;
      let minY = Infinity;
      let maxX = -Infinity;
      let maxY = -Infinity;
      for (const n of all) {
        minX = Math.min(minX, n.position.x);
        minY = Math.min(minY, n.position.y);
        maxX = Math.max(maxX, n.position.x + NODE_WIDTH);
        maxY = Math.max(maxY, n.position.y + NODE_HEIGHT);
      }
      // Sideways the padding also holds the "revises" labels left of lane 0: a whole-graph fit with 24 px cut them.
      // With the minimap shown the view lies left of `right`: the pane as if it were (right − SIDE_PADDING) px
      // narrower, and a thought slid to its right edge stays SIDE_PADDING in from there.
      // Likewise below: the pane as if it were (BOTTOM_RESERVE − FIT_PADDING) px shorter, the view kept above the
      // controls and the picker.
      const h = size.current.height - (BOTTOM_RESERVE - FIT_PADDING);
      const w = size.current.width - (right - SIDE_PADDING);
      const fit = Math.min((w - 2 * SIDE_PADDING) / (maxX - minX), (h - 2 * FIT_PADDING) / (maxY - minY));
      if (fit >= MIN_FIT_ZOOM) {
        const zoom = Math.min(fit, READ_ZOOM);
        void flow.setViewport({
          x: (w - (maxX - minX) * zoom) / 2 - minX * zoom,
          y: (h - (maxY - minY) * zoom) / 2 - minY * zoom,
          zoom,
        });
        return;
      }
      // Too big to fit readably: the thought centred, then slid (within the graph's bounds, so the thought stays in
      // the pane) until the pane holds graph rather than empty canvas: a newest thought sits low with the thoughts
      // that led to it above, not mid-pane over a blank half. Zoomed out as far as MIN_FIT_ZOOM to show more of the
      // graph's width: at 1, a 1,000-thought session opened with a single node in view (bench:ui).
      const widthFit = (w - 2 * SIDE_PADDING) / (maxX - minX);
      const z = Math.min(READ_ZOOM, Math.max(MIN_FIT_ZOOM, widthFit));
      // Sideways from the main chain when the thought is in view so: centred on a newest thought in a branch, a
      // 1,000-thought session showed that one node whole and lane 0 cut at the pane's edge.
      const x = settle(w, minX * z, maxX * z, (node.position.x + NODE_WIDTH / 2) * z, SIDE_PADDING, {
        focusEnd: (node.position.x + NODE_WIDTH) * z,
        endPad,
      });
      const y = settle(h, minY * z, maxY * z, (node.position.y + NODE_HEIGHT / 2) * z, FIT_PADDING);
      void flow.setViewport({ x, y, zoom: z });
      return;
    }
    void flow.setCenter(node.position.x + NODE_WIDTH / 2, node.position.y + NODE_HEIGHT / 2, {
      zoom: open ? READ_ZOOM : Math.max(flow.getZoom(), MIN_FIT_ZOOM),
      duration: open ? 0 : 150,
    });
  }, [nodeId, requestKey, open, ready, flow, paneSize, right, endPad]);
  return null;
}

/** Writes the viewport's drawn rows to the overview's store on every move (no React state: no re-render here). */
function ViewportRows({ store }: { store: ViewRowsStore }) {
  const flow = useStoreApi();
  useEffect(() => {
    const write = (s: ReturnType<typeof flow.getState>) => {
      const [, y, zoom] = s.transform;
      const step = NODE_HEIGHT + ROW_GAP;
      store.set(Math.max(0, Math.floor(-y / zoom / step)), Math.floor((s.height - y) / zoom / step));
    };
    write(flow.getState());
    return flow.subscribe(write);
  }, [flow, store]);
  return null;
}
