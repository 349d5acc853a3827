"use client";
// What the graph shows: the session overview strip (on by default) and React Flow's minimap. (Panes collapse by dragging their handle past the minimum; collapsing them from
// this menu through the panels' imperative API did not take effect in e2e and was left out.)
import { PanelsTopLeft } from "lucide-react";
import { Button } from "@/components/ui/Button";
import {
  DropdownMenu,
  DropdownMenuCheckboxItem,
  DropdownMenuContent,
  DropdownMenuLabel,
  DropdownMenuTrigger,
} from "@/components/ui/DropdownMenu";

export function ViewMenu({
  minimap,
  onMinimap,
  overview,
  onOverview,
}: {
  minimap: boolean;
  onMinimap: (show: boolean) => void;
  overview: boolean;
  onOverview: (show: boolean) => void;
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
        <DropdownMenuLabel>Graph</DropdownMenuLabel>
        <DropdownMenuCheckboxItem checked={overview} onCheckedChange={onOverview}>
          Session overview
        </DropdownMenuCheckboxItem>
        <DropdownMenuCheckboxItem checked={minimap} onCheckedChange={onMinimap}>
          Minimap
        </DropdownMenuCheckboxItem>
      </DropdownMenuContent>
    </DropdownMenu>
  );
}
