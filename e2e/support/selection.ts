// Text selection in the browser as a person's mouse drag leaves it, for specs that comment on a phrase.
import type { Page } from "@playwright/test";

/** Selects `phrase` inside the detail panel's rendered thought text, as a mouse drag would. */
export async function selectInDetail(page: Page, phrase: string): Promise<void> {
  // The rendered markdown (components/ui/MarkdownRenderer.tsx), not the raw text shown while its code loads: a
  // selection made in the raw text is lost when the rendered text replaces it.
  await page.getByTestId("thought-text").locator(".tg-md").waitFor();
  await page.getByTestId("thought-text").evaluate((root, words) => {
    const walker = document.createTreeWalker(root, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const at = node.textContent?.indexOf(words) ?? -1;
      if (at >= 0) {
        const range = document.createRange();
        range.setStart(node, at);
        range.setEnd(node, at + words.length);
        const sel = window.getSelection()!;
        sel.removeAllRanges();
        sel.addRange(range);
        return;
      }
    }
    throw new Error(`"${words}" is not in the thought's text`);
  }, phrase);
}
