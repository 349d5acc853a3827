// A tool call's preview on its graph node: the call's arguments. A call's text is the tool's name in bold and its
// arguments in a fenced block (lib/normalised/plan-thoughts.ts thoughtText), and its plain preview starts with the
// name, which the node already shows in its chip.

export function toolCallPreview(preview: string, tool: string | null): string {
  if (tool === null || !preview.startsWith(`${tool} `)) return preview;
  return preview.slice(tool.length + 1);
}
