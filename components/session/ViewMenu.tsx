"use client";
// What the session view shows: the graph and transcript panes and the graph's minimap.
import { PanelsTopLeft } from "lucide-react";
import { Button } from "@/components/ui/Button";
import {
  DropdownMenu,
  DropdownMenuCheckboxItem,
  DropdownMenuContent,
  DropdownMenuLabel,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
} from "@/components/ui/DropdownMenu";
import type { PaneId } from "./SessionPanes";

export function ViewMenu({
  graph,
  transcript,
  minimap,
  onPane,
  onMinimap,
}: {
  graph: boolean;
  transcript: boolean;
  minimap: boolean;
  onPane: (pane: PaneId, show: boolean) => void;
  onMinimap: (show: boolean) => void;
}) {
  return (
    <DropdownMenu>
      <DropdownMenuTrigger asChild>
        <Button variant="outline">
          <PanelsTopLeft aria-hidden />
          View
        </Button>
      </DropdownMenuTrigger>
      <DropdownMenuContent align="end" className="w-44">
        <DropdownMenuLabel>Panes</DropdownMenuLabel>
        <DropdownMenuCheckboxItem checked={graph} onCheckedChange={(v) => onPane("graph", v)}>
          Graph
        </DropdownMenuCheckboxItem>
        <DropdownMenuCheckboxItem checked={transcript} onCheckedChange={(v) => onPane("transcript", v)}>
          Transcript
        </DropdownMenuCheckboxItem>
        <DropdownMenuSeparator />
        <DropdownMenuCheckboxItem checked={minimap} onCheckedChange={onMinimap} disabled={!graph}>
          Minimap
        </DropdownMenuCheckboxItem>
      </DropdownMenuContent>
    </DropdownMenu>
  );
}
