// Runs the lane layout off the main thread for large sessions, so a 20,000-thought session never blocks input.
import { layoutThoughts, type LayoutThought } from "./layout";

export interface LayoutRequest {
  id: number;
  thoughts: LayoutThought[];
}

self.onmessage = (event: MessageEvent<LayoutRequest>) => {
  const layout = layoutThoughts(event.data.thoughts);
  self.postMessage({
    id: event.data.id,
    nodes: layout.nodes,
    edges: layout.edges,
    lanes: [...layout.lanes],
    rows: layout.rows,
  });
};
