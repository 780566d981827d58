/**
 * JSON the server wrote into the page it drew (B2B §18: api storefront-pages, ids in PAGE_DATA_IDS), for a query to
 * start from so that the first render draws the same page; undefined when the page holds none.
 */
export function pageData(id: string): unknown {
  const text = document.getElementById(id)?.textContent;
  return text ? JSON.parse(text) : undefined;
}
