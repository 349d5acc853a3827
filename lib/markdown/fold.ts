// Where a long text folds: the place a folded view of it ends (components/ui/LongText.tsx). Pure.

/** Texts up to this many characters and FOLD_LINES lines show whole: ~8-10 lines of the transcript's column. */
export const FOLD_CHARS = 1_500;
export const FOLD_LINES = 24;

/**
 * The end of the folded head, or null when the text shows whole: the last paragraph break before FOLD_CHARS (or the
 * FOLD_LINES-th line), else the last line break or space there, and never inside a code fence (the cut moves before
 * the fence), so a listing or a table is not rendered cut open.
 */
export function foldAt(text: string): number | null {
  let limit = Math.min(text.length, FOLD_CHARS);
  let lines = 0;
  for (let i = 0; i < limit; i++) {
    if (text.charCodeAt(i) === 10 && ++lines >= FOLD_LINES) {
      limit = i;
      break;
    }
  }
  if (limit >= text.length) return null;
  const head = text.slice(0, limit);
  let cut = head.lastIndexOf("\n\n");
  if (cut < limit / 3) cut = head.lastIndexOf("\n");
  if (cut < limit / 3) cut = head.lastIndexOf(" ");
  if (cut <= 0) cut = limit;
  const fences = [...text.slice(0, cut).matchAll(/^[ \t]{0,3}(```|~~~)/gm)];
  if (fences.length % 2 === 1) cut = fences.at(-1)!.index;
  return cut > 0 ? cut : limit;
}
