import { expect, type Locator } from '@playwright/test';

/** Where things are drawn, as a user would notice: boxes, lines, words split across lines. */

/** The two window sizes the console is held to: where defects show (1024) and the usual one. */
export const windowSizes: readonly { width: number; height: number }[] = [
  { width: 1024, height: 768 },
  { width: 1280, height: 800 },
];

/** The box of `locator`, which must be drawn. */
export async function box(locator: Locator) {
  const found = await locator.boundingBox();
  expect(found, 'drawn on the page').not.toBeNull();
  return found!;
}

/** How many lines the element's text takes (its height over its line height, rounded). */
export async function lineCount(locator: Locator): Promise<number> {
  const [height, lineHeight] = await locator.evaluate((element) => [
    element.getBoundingClientRect().height,
    parseFloat(getComputedStyle(element).lineHeight),
  ]);
  return Math.round(height! / lineHeight!);
}

/** The words of the element's text that are drawn on more than one line (split mid-word). */
export async function splitWords(locator: Locator): Promise<string[]> {
  return locator.evaluate((element) => {
    const split: string[] = [];
    const walker = document.createTreeWalker(element, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      for (const match of (node.textContent ?? '').matchAll(/\S+/g)) {
        const range = document.createRange();
        range.setStart(node, match.index);
        range.setEnd(node, match.index + match[0].length);
        const tops = new Set([...range.getClientRects()].map((rect) => Math.round(rect.top)));
        if (tops.size > 1) split.push(match[0]);
      }
    }
    return split;
  });
}

/** The left edge of the element's first line of text (not of its box: a centred text starts further in). */
export async function textLeft(locator: Locator): Promise<number> {
  return locator.evaluate((element) => {
    const range = document.createRange();
    range.selectNodeContents(element);
    return range.getClientRects()[0]?.left ?? Number.NaN;
  });
}

/** The box of the nearest element, from `locator` outwards, that draws a rounded border: the frame it sits in. */
export async function roundedFrame(locator: Locator) {
  const found = await locator.evaluate((element) => {
    for (let at: Element | null = element; at; at = at.parentElement) {
      const style = getComputedStyle(at);
      if (parseFloat(style.borderTopWidth) > 0 && parseFloat(style.borderTopLeftRadius) > 0) {
        const { x, y, width, height } = at.getBoundingClientRect();
        return { x, y, width, height };
      }
    }
    return null;
  });
  expect(found, 'drawn inside a rounded border').not.toBeNull();
  return found!;
}

/** Like splitWords, but a word is read across the element's inline children (a <wbr> does not end it). */
export async function wrappedWords(locator: Locator): Promise<string[]> {
  return locator.evaluate((element) => {
    const nodes: { node: Text; start: number }[] = [];
    let text = '';
    const walker = document.createTreeWalker(element, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      nodes.push({ node: node as Text, start: text.length });
      text += node.textContent ?? '';
    }
    const at = (offset: number): [Text, number] => {
      const found = nodes.findLast((entry) => entry.start <= offset)!;
      return [found.node, offset - found.start];
    };
    const wrapped: string[] = [];
    for (const match of text.matchAll(/\S+/g)) {
      const range = document.createRange();
      range.setStart(...at(match.index));
      range.setEnd(...at(match.index + match[0].length - 1));
      range.setEnd(range.endContainer, range.endOffset + 1);
      const tops = new Set([...range.getClientRects()].map((rect) => Math.round(rect.top)));
      if (tops.size > 1) wrapped.push(match[0]);
    }
    return wrapped;
  });
}
