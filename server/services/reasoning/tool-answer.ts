// What a ThoughtMCP reasoning or metacognitive service answers before a door wraps it in the envelope
// (lib/thoughtmcp/envelope.ts): the seed's `data`, the methods that produced it (metadata.componentsUsed: lexicon,
// rules, template) and, for the tools that have one, the answer's confidence (metadata.confidence).
export interface ToolAnswer<T> {
  data: T;
  componentsUsed: string[];
  confidence?: number;
}
