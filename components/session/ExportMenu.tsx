"use client";
// Downloads: the session as JSON (re-importable) or Markdown, both with the review, its scores as CSV, and the graph
// as an SVG or PNG image. The images are drawn from the session's outline with the page's lane layout
// (lib/graph/svg-export.ts) in the theme's colours, not copied from the DOM: real SVG shapes, a few KB, and a PNG
// rasterised from that SVG at twice its size.
import { Download } from "lucide-react";
import { toast } from "sonner";
import { useTRPCClient } from "@/components/trpc/TrpcProvider";
import { Button } from "@/components/ui/Button";
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuLabel,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
} from "@/components/ui/DropdownMenu";
import { graphSvg, type SvgTheme } from "@/lib/graph/svg-export";

/** The PNG's pixels per SVG pixel. */
const PNG_SCALE = 2;

/** A CSS colour (oklch(), a variable's value) as rgb(): SVG files and vector editors know sRGB only. */
function rgbOf(color: string, ctx: CanvasRenderingContext2D): string {
  ctx.clearRect(0, 0, 1, 1);
  ctx.fillStyle = color;
  ctx.fillRect(0, 0, 1, 1);
  const [r, g, b] = ctx.getImageData(0, 0, 1, 1).data;
  return `rgb(${r},${g},${b})`;
}

/** The page's graph colours, resolved for the theme showing now. */
function currentTheme(): SvgTheme {
  const ctx = document.createElement("canvas").getContext("2d", { willReadFrequently: true })!;
  const style = getComputedStyle(document.documentElement);
  const css = (name: string) => rgbOf(style.getPropertyValue(name).trim() || "#888", ctx);
  return {
    background: rgbOf(getComputedStyle(document.body).backgroundColor, ctx),
    node: css("--graph-node"),
    nodeBorder: css("--graph-node-border"),
    flagged: css("--graph-node-flagged"),
    text: css("--foreground"),
    muted: css("--muted-foreground"),
    edge: css("--graph-edge"),
    edgeBranch: css("--graph-edge-branch"),
    edgeRevision: css("--graph-edge-revision"),
  };
}

/** The SVG rasterised at PNG_SCALE. */
async function pngOf(svg: string): Promise<Blob> {
  const url = URL.createObjectURL(new Blob([svg], { type: "image/svg+xml" }));
  try {
    const image = new Image();
    image.src = url;
    await image.decode();
    const canvas = document.createElement("canvas");
    canvas.width = image.naturalWidth * PNG_SCALE;
    canvas.height = image.naturalHeight * PNG_SCALE;
    const ctx = canvas.getContext("2d")!;
    ctx.scale(PNG_SCALE, PNG_SCALE);
    ctx.drawImage(image, 0, 0);
    return await new Promise<Blob>((resolve, reject) =>
      canvas.toBlob((b) => (b ? resolve(b) : reject(new Error("the image could not be encoded"))), "image/png"),
    );
  } finally {
    URL.revokeObjectURL(url);
  }
}

function download(blob: Blob, filename: string): void {
  const url = URL.createObjectURL(blob);
  const a = document.createElement("a");
  a.href = url;
  a.download = filename;
  a.click();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

export function ExportMenu({ sessionId, imagesOnly = false }: { sessionId: string; imagesOnly?: boolean }) {
  const client = useTRPCClient();
  const image = (kind: "svg" | "png") => () => {
    void (async () => {
      const outline = await client.sessions.outline.query({ id: sessionId });
      const svg = graphSvg(outline.thoughts, currentTheme());
      const name = `session-${outline.session.id}.${kind}`;
      download(kind === "svg" ? new Blob([svg], { type: "image/svg+xml" }) : await pngOf(svg), name);
    })().catch((e: unknown) =>
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
