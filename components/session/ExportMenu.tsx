"use client";
// Downloads: the session as JSON (re-importable) or Markdown, and the graph as an SVG or PNG image.
import { toPng, toSvg } from "html-to-image";
import { useState } from "react";

async function downloadGraph(kind: "svg" | "png", sessionId: string): Promise<void> {
  const viewport = document.querySelector<HTMLElement>(".react-flow__viewport");
  const graph = document.querySelector<HTMLElement>(".tg-graph");
  if (!viewport || !graph) throw new Error("The graph is not on screen.");
  const background = getComputedStyle(document.body).backgroundColor;
  const options = { backgroundColor: background, width: graph.clientWidth, height: graph.clientHeight };
  const url = kind === "svg" ? await toSvg(viewport, options) : await toPng(viewport, options);
  const a = document.createElement("a");
  a.href = url;
  a.download = `session-${sessionId}.${kind}`;
  a.click();
}

export function ExportMenu({ sessionId, imagesOnly = false }: { sessionId: string; imagesOnly?: boolean }) {
  const [error, setError] = useState<string | null>(null);
  const image = (kind: "svg" | "png") => () => {
    setError(null);
    downloadGraph(kind, sessionId).catch((e: unknown) => setError(e instanceof Error ? e.message : String(e)));
  };
  return (
    <div className="tg-export" role="group" aria-label="Export">
      {imagesOnly ? null : (
        <>
          <a href={`/sessions/${sessionId}/export?format=json`} download>
            JSON
          </a>
          <a href={`/sessions/${sessionId}/export?format=markdown`} download>
            Markdown
          </a>
        </>
      )}
      <button type="button" onClick={image("svg")}>
        SVG
      </button>
      <button type="button" onClick={image("png")}>
        PNG
      </button>
      {error ? <span role="alert">{error}</span> : null}
    </div>
  );
}
