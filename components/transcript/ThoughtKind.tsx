// An imported thought's kind as a chip, and its model call's facts on one line (tool, model, tokens, latency).
import { kindWords } from "@/lib/normalised/kind-words";
import { cn } from "@/components/ui/cn";

/** Each kind looks different at a glance: reasoning plain, a placeholder in italics, tool calls and answers tinted. */
const KIND_STYLE: Record<string, string> = {
  prompt: "bg-muted text-foreground",
  reasoning: "bg-muted text-foreground",
  placeholder: "border border-dashed border-muted-foreground/60 text-foreground italic",
  tool_call: "bg-sky-100 text-sky-900 dark:bg-sky-950 dark:text-sky-100",
  tool_result: "bg-sky-100 text-sky-900 dark:bg-sky-950 dark:text-sky-100",
  answer: "bg-emerald-100 text-emerald-900 dark:bg-emerald-950 dark:text-emerald-100",
};

/** `label`: words to show instead of the kind's (a tool call's tool name); the kind stays in the title. */
export function KindChip({ kind, className, label }: { kind: string; className?: string; label?: string }) {
  return (
    <span
      data-kind={kind}
      title={label !== undefined ? `${kindWords(kind)}: ${label}` : undefined}
      className={cn("tg-kind rounded px-1 font-medium", KIND_STYLE[kind] ?? "bg-muted text-foreground", className)}
    >
      {label !== undefined ? <span className="sr-only">{kindWords(kind)}: </span> : null}
      {label ?? kindWords(kind)}
    </span>
  );
}

/** Model, tool and token counts of an imported thought, on one line. */
export function detailLine(detail: Record<string, unknown>): string {
  const n = (key: string) => {
    const value = detail[key];
    return typeof value === "number" ? value : null;
  };
  const parts: string[] = [];
  if (typeof detail.toolName === "string") parts.push(detail.toolName);
  if (typeof detail.model === "string") parts.push(detail.model);
  const tokens = [
    n("tokensIn") !== null ? `${n("tokensIn")} in` : null,
    n("tokensOut") !== null ? `${n("tokensOut")} out` : null,
    n("tokensReasoning") !== null ? `${n("tokensReasoning")} reasoning` : null,
  ].filter(Boolean);
  if (tokens.length > 0) parts.push(`${tokens.join(" / ")} tokens`);
  if (n("latencyMs") !== null) parts.push(`${(n("latencyMs")! / 1000).toFixed(1)} s`);
  return parts.length > 0 ? ` · ${parts.join(" · ")}` : "";
}
