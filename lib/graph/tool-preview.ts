// A tool call's preview on its graph node: the call's arguments without the Markdown around them. A call's text is
// the tool's name in bold and its arguments in a fenced block (lib/normalised/plan-thoughts.ts thoughtText); the node
// already names the tool in its chip, and flattened to one line the fence's backticks read as noise.

export function toolCallPreview(preview: string, tool: string | null): string {
  let p = preview;
  const head = tool === null ? null : `**${tool}**`;
  if (head !== null && p.startsWith(head)) p = p.slice(head.length);
  const args = p
    .replace(/`{3,}[\w-]*/g, " ")
    .replace(/\s+/g, " ")
    .trim();
  return args === "" ? (tool ?? "") : args;
}
