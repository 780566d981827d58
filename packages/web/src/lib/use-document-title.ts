import { useEffect } from 'react';

/** Names the browser tab after the page (WCAG 2.4.2), and gives the previous name back when the page goes. */
export function useDocumentTitle(title: string): void {
  useEffect(() => {
    const previous = document.title;
    document.title = `${title} · Kestrel Components`;
    return () => {
      document.title = previous;
    };
  }, [title]);
}
