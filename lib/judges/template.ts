// A judge's prompt template: plain text with `{{variable}}` placeholders, nothing else (no loops, no conditions, no
// escapes), so what a person writes is what the model reads. The variables are listed once here, with the words the
// judge form and docs show; each renders to ready-made text (lib/judges/prompt-context.ts builds them from a session).
// Pure; shared by the server (checking and rendering) and the browser (the form's variable list and live check).
import type { FieldProblem } from "../contracts/errors";

export const JUDGE_TARGETS = ["thought", "session"] as const;
export type JudgeTarget = (typeof JUDGE_TARGETS)[number];

export interface TemplateVariable {
  name: string;
  /** What it renders to, in words. */
  description: string;
  /** The targets it exists for. */
  targets: readonly JudgeTarget[];
}

const BOTH = JUDGE_TARGETS;
const THOUGHT_ONLY = ["thought"] as const;
const SESSION_ONLY = ["session"] as const;

export const TEMPLATE_VARIABLES: readonly TemplateVariable[] = [
  { name: "thought", description: "The thought under review: its number, branch and text.", targets: THOUGHT_ONLY },
  {
    name: "path",
    description:
      "Every thought from the session's first to the one under review along its branch (the main chain up to the " +
      "fork, then the branch), numbered, each in its latest version.",
    targets: THOUGHT_ONLY,
  },
  {
    name: "revisions",
    description:
      "The versions the thought went through (earlier texts kept by revise_thought, oldest first) and the later " +
      "thoughts that revise it; “(none)” when it was never revised.",
    targets: THOUGHT_ONLY,
  },
  {
    name: "transcript",
    description: "Every thought of the session in arrival order, with its branch and what it revises.",
    targets: SESSION_ONLY,
  },
  { name: "goal", description: "The session's goal: its title, else its first thought.", targets: BOTH },
  {
    name: "conclusion",
    description:
      "The session's conclusion: a transcript's last answer, else its last thought once the agent said no more " +
      "were needed; “(the session has not concluded)” otherwise.",
    targets: BOTH,
  },
  {
    name: "tool_calls",
    description:
      "Tool calls (from imported transcripts and traces) with their results: the path's for a thought judge, the " +
      "session's for a session judge; “(none)” where there are none.",
    targets: BOTH,
  },
  {
    name: "rubric",
    description: "The score config: its name, description and the values it takes.",
    targets: BOTH,
  },
];

const BY_NAME = new Map(TEMPLATE_VARIABLES.map((v) => [v.name, v]));

/** Characters in a prompt template: a page of instructions; the variables bring the session itself. */
export const MAX_TEMPLATE_CHARS = 20_000;

/** `{{ name }}`: letters, digits and underscores, spaces inside the braces allowed. */
const PLACEHOLDER = /\{\{\s*([^{}]*?)\s*\}\}/g;

export interface TemplatePart {
  kind: "text" | "variable";
  value: string;
}

/** The template cut into text and variables; a problem names the first unknown or unusable variable. */
export function parseTemplate(
  template: string,
  target: JudgeTarget,
  field = "prompt",
): { ok: true; parts: TemplatePart[] } | { ok: false; problem: FieldProblem } {
  const parts: TemplatePart[] = [];
  let at = 0;
  for (const m of template.matchAll(PLACEHOLDER)) {
    const name = m[1] ?? "";
    const variable = BY_NAME.get(name);
    if (!variable) {
      return {
        ok: false,
        problem: {
          field,
          message: `The template uses {{${name}}}, which is not a variable.`,
          suggestion: `Use ${namesFor(target)}; write the text without braces if it is not meant as one.`,
        },
      };
    }
    if (!variable.targets.includes(target)) {
      return {
        ok: false,
        problem: {
          field,
          message: `{{${name}}} exists only for ${variable.targets.join(" and ")} judges; this judge scores ${target === "thought" ? "each thought" : "the session"}.`,
          suggestion: `Use ${namesFor(target)}.`,
        },
      };
    }
    if (m.index > at) parts.push({ kind: "text", value: template.slice(at, m.index) });
    parts.push({ kind: "variable", value: name });
    at = m.index + m[0].length;
  }
  if (at < template.length) parts.push({ kind: "text", value: template.slice(at) });
  const stray = parts.find((p) => p.kind === "text" && /\{\{|\}\}/.test(p.value));
  if (stray) {
    return {
      ok: false,
      problem: {
        field,
        message: "The template has an unclosed or stray {{ or }}.",
        suggestion: "Write each variable as {{name}}, e.g. {{thought}}.",
      },
    };
  }
  return { ok: true, parts };
}

function namesFor(target: JudgeTarget): string {
  return TEMPLATE_VARIABLES.filter((v) => v.targets.includes(target))
    .map((v) => `{{${v.name}}}`)
    .join(", ");
}

/** The template with every variable replaced by its value (a template checked by parseTemplate). */
export function renderTemplate(parts: readonly TemplatePart[], values: Readonly<Record<string, string>>): string {
  return parts.map((p) => (p.kind === "text" ? p.value : (values[p.value] ?? ""))).join("");
}

/** The variables a template uses, each once, in order of first use. */
export function variablesOf(parts: readonly TemplatePart[]): string[] {
  return [...new Set(parts.filter((p) => p.kind === "variable").map((p) => p.value))];
}

export const DEFAULT_THOUGHT_PROMPT = `You are reviewing one step in an AI agent's reasoning.

The session's goal:
{{goal}}

The reasoning from the first thought to the step under review:
{{path}}

How this step was revised:
{{revisions}}

Tool calls and results on this path:
{{tool_calls}}

The step under review:
{{thought}}

Score the step under review, in the context of the path that led to it, on this rubric:
{{rubric}}`;

export const DEFAULT_SESSION_PROMPT = `You are reviewing an AI agent's whole reasoning session.

The session's goal:
{{goal}}

The session's thoughts, in the order they were written:
{{transcript}}

Tool calls and results:
{{tool_calls}}

The conclusion:
{{conclusion}}

Score the session on this rubric:
{{rubric}}`;

export function defaultPrompt(target: JudgeTarget): string {
  return target === "thought" ? DEFAULT_THOUGHT_PROMPT : DEFAULT_SESSION_PROMPT;
}

/** The system message of every judge call: how to answer, for the config's type. Shown with the prompt in previews. */
export function judgeSystemPrompt(configType: "numeric" | "categorical" | "boolean" | "text"): string {
  const answer =
    configType === "text"
      ? "`rationale` (your judgement in words, as the rubric asks)"
      : "`value` (your score, exactly as the rubric allows), `rationale` (one to three sentences saying why)";
  return (
    "You are a careful reviewer of AI agents' reasoning. Judge only what is written; do not solve the task " +
    `yourself. Answer with a JSON object: ${answer} and \`confidence\` (how sure you are, from 0 to 1).`
  );
}
