// What a number key means on the review screen, per config type: for a numeric config the digit itself when its
// values are whole numbers within 0–9 (1–5 in steps of 1: key 4 is 4), else the n-th step when it has at most 9 steps
// (0–1 in steps of 0.25: keys 1–5 are 0, 0.25, 0.5, 0.75, 1); the n-th label of a categorical one; 1/0 for yes/no.
// Pure, shared by the screen and its legend.
import type { ScoreConfigView } from "@/lib/contracts/scores";

export type KeyScore = { ok: true; value: string; words: string } | { ok: false; message: string };

type Rule = Pick<ScoreConfigView, "name" | "type" | "min" | "max" | "categories"> & { step?: number | null };

/** The most steps number keys 1–9 can name. */
const MAX_KEYED_STEPS = 9;

/**
 * The values keys 1…n stand for, when a numeric config is stepped and its values are not already digits; null when
 * the digit is the value (whole numbers within 0–9, or no step to count by).
 */
export function steppedValues(config: Rule): number[] | null {
  const { min, max, step } = config;
  if (config.type !== "numeric" || min === null || max === null || !step || step <= 0) return null;
  const digits = Number.isInteger(min) && Number.isInteger(max) && step === 1 && min >= 0 && max <= 9;
  if (digits) return null;
  const count = Math.round((max - min) / step) + 1;
  if (count < 1 || count > MAX_KEYED_STEPS) return null;
  // toFixed(10) drops float noise: 0.1 + 2 × 0.1 is 0.30000000000000004.
  return Array.from({ length: count }, (_, i) => Number((min + i * step).toFixed(10)));
}

export function scoreForKey(config: Rule, digit: number): KeyScore {
  switch (config.type) {
    case "numeric": {
      const steps = steppedValues(config);
      if (steps) {
        const value = steps[digit - 1];
        if (value === undefined) {
          return { ok: false, message: `${config.name} has ${steps.length} steps; press 1 to ${steps.length}.` };
        }
        return { ok: true, value: String(value), words: String(value) };
      }
      if ((config.min !== null && digit < config.min) || (config.max !== null && digit > config.max)) {
        return { ok: false, message: `${config.name} takes ${config.min ?? "any"} to ${config.max ?? "any"}.` };
      }
      return { ok: true, value: String(digit), words: String(digit) };
    }
    case "categorical": {
      const category = (config.categories ?? [])[digit - 1];
      if (!category) {
        return {
          ok: false,
          message: `${config.name} has ${config.categories?.length ?? 0} labels; press 1 to ${config.categories?.length ?? 0}.`,
        };
      }
      return { ok: true, value: category.label, words: category.label };
    }
    case "boolean":
      if (digit === 1) return { ok: true, value: "true", words: "yes" };
      if (digit === 0) return { ok: true, value: "false", words: "no" };
      return { ok: false, message: `${config.name} is yes/no: press 1 for yes, 0 for no.` };
    case "text":
      return { ok: false, message: `${config.name} takes text: write it in the score form.` };
  }
}

/** The legend line for a config: which keys score it. */
export function keyHint(config: Rule): string {
  switch (config.type) {
    case "numeric": {
      const steps = steppedValues(config);
      if (steps) return steps.map((v, i) => `${i + 1} ${v}`).join(" · ");
      const lo = Math.max(0, Math.ceil(config.min ?? 1));
      const hi = Math.min(9, Math.floor(config.max ?? 9));
      return lo <= hi ? `${lo}–${hi}` : "use the form";
    }
    case "categorical":
      return (config.categories ?? [])
        .slice(0, 9)
        .map((c, i) => `${i + 1} ${c.label}`)
        .join(" · ");
    case "boolean":
      return "1 yes · 0 no";
    case "text":
      return "use the form";
  }
}
