"use client";
// The graph's viewport as rows of the drawn (folded) graph, written by the graph on every pan frame and read by the
// session overview alone: a store rather than state, so panning re-renders the overview's band and nothing else.
export interface ViewRows {
  from: number;
  to: number;
}

export class ViewRowsStore {
  private value: ViewRows | null = null;
  private readonly listeners = new Set<() => void>();

  get = (): ViewRows | null => this.value;

  set(from: number, to: number): void {
    if (this.value && this.value.from === from && this.value.to === to) return;
    this.value = { from, to };
    for (const l of this.listeners) l();
  }

  subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };
}
