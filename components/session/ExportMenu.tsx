"use client";
// Downloads: the session as JSON (re-importable) or Markdown, both with the review, its scores as CSV, and the graph
// as an SVG or PNG image.
import { Download } from "lucide-react";
import { toast } from "sonner";
import { Button } from "@/components/ui/Button";
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuLabel,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
} from "@/components/ui/DropdownMenu";

async function downloadGraph(kind: "svg" | "png", sessionId: string): Promise<void> {
  const viewport = document.querySelector<HTMLElement>(".react-flow__viewport");
  const graph = document.querySelector<HTMLElement>(".tg-graph");
  if (!viewport || !graph) throw new Error("The graph is not on screen.");
  const background = getComputedStyle(document.body).backgroundColor;
  const options = { backgroundColor: background, width: graph.clientWidth, height: graph.clientHeight };
  // Loaded on the click: html-to-image is needed by one menu item, not by every session page load.
  const { toPng, toSvg } = await import("html-to-image");
  const url = kind === "svg" ? await toSvg(viewport, options) : await toPng(viewport, options);
  const a = document.createElement("a");
  a.href = url;
  a.download = `session-${sessionId}.${kind}`;
  a.click();
}

export function ExportMenu({ sessionId, imagesOnly = false }: { sessionId: string; imagesOnly?: boolean }) {
  const image = (kind: "svg" | "png") => () => {
    downloadGraph(kind, sessionId).catch((e: unknown) =>
      toast.error(`Could not export the graph: ${e instanceof Error ? e.message : String(e)}`),
    );
  };
  return (
    <DropdownMenu>
      <DropdownMenuTrigger asChild>
        <Button variant="outline">
          <Download aria-hidden />
          Export
        </Button>
      </DropdownMenuTrigger>
      <DropdownMenuContent align="end" className="w-48" aria-label="Export">
        {imagesOnly ? null : (
          <>
            <DropdownMenuLabel>Session</DropdownMenuLabel>
            <DropdownMenuItem asChild>
              <a href={`/sessions/${sessionId}/export?format=json`} download>
                JSON
              </a>
            </DropdownMenuItem>
            <DropdownMenuItem asChild>
              <a href={`/sessions/${sessionId}/export?format=markdown`} download>
                Markdown
              </a>
            </DropdownMenuItem>
            <DropdownMenuItem asChild>
              <a href={`/sessions/${sessionId}/export?format=csv`} download>
                Scores (CSV)
              </a>
            </DropdownMenuItem>
            <DropdownMenuSeparator />
          </>
        )}
        <DropdownMenuLabel>Graph image</DropdownMenuLabel>
        <DropdownMenuItem onSelect={image("svg")}>SVG</DropdownMenuItem>
        <DropdownMenuItem onSelect={image("png")}>PNG</DropdownMenuItem>
      </DropdownMenuContent>
    </DropdownMenu>
  );
}
