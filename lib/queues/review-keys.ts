// What a number key means on the review screen, per config type: the value for a numeric config (within its bounds),
// the n-th label of a categorical one, 1/0 for yes/no. Pure, shared by the screen and its legend.
import type { ScoreConfigView } from "@/lib/contracts/scores";

export type KeyScore = { ok: true; value: string; words: string } | { ok: false; message: string };

type Rule = Pick<ScoreConfigView, "name" | "type" | "min" | "max" | "categories">;

export function scoreForKey(config: Rule, digit: number): KeyScore {
  switch (config.type) {
    case "numeric": {
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
