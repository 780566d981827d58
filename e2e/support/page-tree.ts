// What a reader sees of a page's markup, as one comparable value (B2B §18: the app takes over a server-drawn page with
// no visible change). Elements with their attributes and merged text; React's useId ids (and the references to them)
// stand in by their order, since a server cannot know them and they change nothing on screen. A form field counts by
// its current value, since React sets it as a property, not an attribute; React Router's `data-discover` mark on its
// links is left out (it changes nothing on screen). `hollow` names elements whose insides load later (the home
// page's lower half): only the element itself counts.
import type { Page } from '@playwright/test';

export async function pageTree(page: Page, selector: string, hollow = ''): Promise<string[]> {
  return page.evaluate(
    ([rootSelector, hollowSelector]) => {
      const root = document.querySelector(rootSelector);
      if (!root) return [];
      const lines: string[] = [];
      const ids = new Map<string, string>();
      const idOf = (value: string) => {
        if (!ids.has(value)) ids.set(value, `id${ids.size}`);
        return ids.get(value) ?? value;
      };
      const ID_REFS = new Set(['id', 'for', 'aria-describedby', 'aria-labelledby', 'aria-controls']);
      // An id the server and React both name for what it is (catalog-search, results-title) is kept as it is.
      const generated = (value: string) => /^card-\d+|[«:_]r/.test(value);
      const walk = (node: Element, depth: number) => {
        const attrs = Array.from(node.attributes)
          .map((a) => {
            if (a.name === 'class') return `class=${a.value.split(/\s+/).filter(Boolean).join(' ')}`;
            if (a.name === 'value' || a.name === 'selected' || a.name === 'data-discover') return '';
            if (ID_REFS.has(a.name) && generated(a.value))
              return `${a.name}=${a.value.replace(/^(card-\d+|[^-]+)/, idOf)}`;
            return `${a.name}=${a.value}`;
          })
          .filter(Boolean)
          .sort();
        if (node instanceof HTMLInputElement || node instanceof HTMLSelectElement) attrs.push(`(value)=${node.value}`);
        lines.push(`${'  '.repeat(depth)}<${node.tagName.toLowerCase()} ${attrs.join(' ')}>`);
        if (hollowSelector && node.matches(hollowSelector)) return;
        let text = '';
        const flush = () => {
          if (text.trim()) lines.push(`${'  '.repeat(depth + 1)}"${text}"`);
          text = '';
        };
        for (const child of Array.from(node.childNodes)) {
          if (child.nodeType === Node.TEXT_NODE) text += child.textContent ?? '';
          else if (child instanceof Element) {
            flush();
            walk(child, depth + 1);
          }
        }
        flush();
      };
      walk(root, 0);
      return lines;
    },
    [selector, hollow] as const,
  );
}
