// The storefront's index.html (packages/web/dist) as a template: the pages the server answers itself (B2B §18: a
// product, the catalogue, the home page, 'Page is not Found') are this file with their own head and the first screen's
// markup inside #root, so the same scripts load and the app takes over.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';

export interface WebShell {
  /** The page with `head` (title, description, canonical, OpenGraph...) for the build's and `root` inside #root. */
  page(head: string, root?: string): string;
  /** The build's own title and description, for pages that have none of their own. */
  readonly defaultHead: string;
}

const TITLE = /<title>[\s\S]*?<\/title>\s*/;
const DESCRIPTION = /<meta\s+name="description"[\s\S]*?\/?>\s*/;
const ROOT = '<div id="root"></div>';

/** The shell of a build's index.html. */
export function loadWebShell(indexHtml: string): WebShell {
  const title = TITLE.exec(indexHtml)?.[0] ?? '';
  const description = DESCRIPTION.exec(indexHtml)?.[0] ?? '';
  // The head's own title and description come out; the page's head goes where the description was (or the title).
  const marked = indexHtml.replace(DESCRIPTION, '').replace(TITLE, '\u0000');
  const withHead = marked.includes('\u0000') ? marked : marked.replace('</head>', '\u0000</head>');
  const [beforeHead = '', afterHead = ''] = withHead.split('\u0000');
  // A build without the app's root element (a test's stand-in) gets the head only.
  const rootAt = afterHead.includes(ROOT) ? afterHead.indexOf(ROOT) : afterHead.length;
  const middle = afterHead.slice(0, rootAt);
  const end = afterHead.slice(rootAt).replace(ROOT, '');
  const rootOf = (root: string) => (afterHead.includes(ROOT) ? `<div id="root">${root}</div>` : '');
  return {
    defaultHead: `${description.trim()}\n    ${title.trim()}\n    `,
    page: (head, root = '') => `${beforeHead}${head}${middle}${rootOf(root)}${end}`,
  };
}

export function readWebShell(webDist: string): WebShell {
  return loadWebShell(readFileSync(join(webDist, 'index.html'), 'utf8'));
}
