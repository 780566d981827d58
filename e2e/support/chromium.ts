// Debian's Chromium as this machine runs it, for the browser journeys and the bench's Lighthouse runs alike. Without
// the background-networking flags it keeps trying Google's hosts, which the closed network refuses.
export const CHROMIUM_PATH = process.env['CHROME_PATH'] ?? '/usr/bin/chromium';

export const CHROMIUM_FLAGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
  '--disable-quic',
];
