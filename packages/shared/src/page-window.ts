/** A gap between page numbers ('…'). */
export type PageGap = 'gap';

/**
 * The page numbers a pager shows: the first, the last, and the current page with `around` neighbours each side;
 * a gap stands for what is left out, but never for a single page (that page is shown instead).
 */
export function pageWindow(page: number, pageCount: number, around = 1): Array<number | PageGap> {
  const shown = new Set<number>([1, pageCount]);
  for (let p = page - around; p <= page + around; p += 1) if (p >= 1 && p <= pageCount) shown.add(p);
  const sorted = [...shown].filter((p) => p >= 1).sort((a, b) => a - b);
  const result: Array<number | PageGap> = [];
  let last = 0;
  for (const p of sorted) {
    if (p - last === 2) result.push(p - 1);
    else if (p - last > 2) result.push('gap');
    result.push(p);
    last = p;
  }
  return result;
}
