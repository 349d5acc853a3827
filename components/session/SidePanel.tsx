"use client";
// The session view's side pane: tabs for the selected thought's detail, branch comparison, and (for the dashboard's
// own users, not a share-link visitor) the session's scores and comments. Each tab scrolls inside the pane.
import type { CommentAnchor } from "@/lib/contracts/comments";
import type { OutlineThought } from "@/lib/contracts/dashboard";
import type { Layout } from "@/lib/graph/layout";
import { CommentsSection } from "@/components/comments/CommentsSection";
import { ScoresSection } from "@/components/scoring/ScoresSection";
import { Tabs, TabsContent, TabsList, TabsTrigger } from "@/components/ui/Tabs";
import { BranchCompare } from "./BranchCompare";
import { DetailPanel } from "./DetailPanel";

export type SideTab = "detail" | "compare" | "session" | "comments";
const SIDE_CONTENT = "min-h-0 flex-1 overflow-y-auto";

export function SidePanel({
  sessionId,
  tab,
  onTab,
  selectedId,
  onSelect,
  layout,
  thoughts,
  readOnly,
  anchors,
  results,
}: {
  sessionId: string;
  tab: SideTab;
  onTab: (tab: SideTab) => void;
  selectedId: string | null;
  /** Selects a thought from the panel (a related thought, a compared one): centred in the graph as the keyboard does. */
  onSelect: (id: string) => void;
  layout: Layout;
  thoughts: ReadonlyMap<string, OutlineThought>;
  readOnly: boolean;
  anchors: ReadonlyMap<string, readonly CommentAnchor[]>;
  /** The selected tool call's results, folded into it. */
  results?: readonly OutlineThought[];
}) {
  return (
    <Tabs
      value={tab}
      onValueChange={(v) => onTab(v as SideTab)}
      className="h-full min-h-0 gap-0"
      aria-label="Side panel"
    >
      <div className="shrink-0 overflow-x-auto border-b border-border px-3 py-2">
        {/* Full width with equal triggers: four tabs fit a 240 px pane without wrapping or scrolling (smaller below
            1280 px, where the pane is 26 % of the window and "Comments" was cut at 1024 px). */}
        <TabsList
          aria-label="Side panel"
          className="w-full [&>button]:px-1.5 max-xl:[&>button]:px-1 max-xl:[&>button]:text-xs"
        >
          <TabsTrigger value="detail">Detail</TabsTrigger>
          <TabsTrigger value="compare" aria-label="Compare branches">
            Compare
          </TabsTrigger>
          {readOnly ? null : (
            <TabsTrigger value="session" aria-label="Session scores">
              Scores
            </TabsTrigger>
          )}
          {readOnly ? null : (
            <TabsTrigger value="comments" aria-label="Session comments">
              Comments
            </TabsTrigger>
          )}
        </TabsList>
      </div>
      <TabsContent value="detail" className={SIDE_CONTENT}>
        <DetailPanel
          thoughtId={selectedId}
          onSelect={onSelect}
          scoring={!readOnly}
          anchors={anchors}
          results={results}
        />
      </TabsContent>
      <TabsContent value="compare" className={SIDE_CONTENT}>
        <BranchCompare sessionId={sessionId} layout={layout} thoughts={thoughts} />
      </TabsContent>
      {readOnly ? null : (
        <TabsContent value="session" className={SIDE_CONTENT}>
          <aside className="tg-detail flex flex-col gap-4 p-4" aria-label="Session scores">
            <ScoresSection sessionId={sessionId} thoughtId={null} />
          </aside>
        </TabsContent>
      )}
      {readOnly ? null : (
        <TabsContent value="comments" className={SIDE_CONTENT}>
          <aside className="tg-detail flex flex-col gap-4 p-4" aria-label="Session comments">
            <CommentsSection sessionId={sessionId} thoughtId={null} />
          </aside>
        </TabsContent>
      )}
    </Tabs>
  );
}
