/**
 * Hands a file the page fetched itself (with the bearer token, which a plain link cannot send) to the browser's
 * downloads, under `name`.
 */
export function saveFile(file: Blob, name: string): void {
  const url = URL.createObjectURL(file);
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  link.hidden = true;
  document.body.append(link);
  link.click();
  link.remove();
  // The download has started from the URL by now; release it on the next turn.
  setTimeout(() => URL.revokeObjectURL(url), 0);
}
