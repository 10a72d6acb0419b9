import type { Locator } from "@playwright/test";

/**
 * The words inside `root` that the browser broke across two lines although each would fit on a line
 * of its own: a word drawn in more than one box, narrower than the block it sits in. A word longer
 * than its line (an e-mail address, a slug) may break anywhere, and is not counted.
 */
export function wordsSplitAcrossLines(root: Locator): Promise<string[]> {
  return root.evaluate((el) => {
    const split: string[] = [];
    const walker = document.createTreeWalker(el, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const text = node.textContent ?? "";
      let block = node.parentElement!;
      if (!block.checkVisibility()) continue;
      while (getComputedStyle(block).display.startsWith("inline") && block.parentElement) block = block.parentElement;
      const lineWidth = block.getBoundingClientRect().width;
      for (const match of text.matchAll(/\S+/g)) {
        const range = document.createRange();
        range.setStart(node, match.index);
        range.setEnd(node, match.index + match[0].length);
        const boxes = [...range.getClientRects()].filter((r) => r.width > 0);
        const tops = new Set(boxes.map((r) => Math.round(r.top)));
        const width = boxes.reduce((sum, r) => sum + r.width, 0);
        if (tops.size > 1 && width < lineWidth) split.push(match[0]);
      }
    }
    return split;
  });
}
