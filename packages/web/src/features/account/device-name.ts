// The sessions list names each device by what its User-Agent header says, shortened to what a person recognises
// ("Chrome on Linux"), not the 150-character string browsers send. The order of the checks matters: Edge, Opera
// and Samsung Internet also say "Chrome", Chrome also says "Safari", and iPhones also say "like Mac OS X".

const browsers: ReadonlyArray<[RegExp, string]> = [
  [/\bEdg(?:e|A|iOS)?\//, 'Edge'],
  [/\bOPR\/|\bOpera\b/, 'Opera'],
  [/\bSamsungBrowser\//, 'Samsung Internet'],
  [/\bFirefox\/|\bFxiOS\//, 'Firefox'],
  [/\bChromium\//, 'Chromium'],
  [/\b(?:Headless)?Chrome\/|\bCriOS\//, 'Chrome'],
  [/\bVersion\/[\d.]+.*\bSafari\//, 'Safari'],
];

const systems: ReadonlyArray<[RegExp, string]> = [
  [/\biPhone\b|\biPod\b/, 'iPhone'],
  [/\biPad\b/, 'iPad'],
  [/\bAndroid\b/, 'Android'],
  [/\bCrOS\b/, 'ChromeOS'],
  [/\bWindows\b/, 'Windows'],
  [/\bMac OS X\b|\bMacintosh\b/, 'macOS'],
  [/\bLinux\b|\bX11\b/, 'Linux'],
];

export const UNKNOWN_DEVICE = 'Unknown device';

const first = (list: ReadonlyArray<[RegExp, string]>, userAgent: string) =>
  list.find(([pattern]) => pattern.test(userAgent))?.[1];

/** "Chrome on Linux", "Safari on iPhone", "Firefox", "Windows"; else the client's own name ("curl"). */
export function deviceName(userAgent: string | null): string {
  const agent = userAgent?.trim() ?? '';
  if (!agent) return UNKNOWN_DEVICE;
  const browser = first(browsers, agent);
  const system = first(systems, agent);
  if (browser && system) return `${browser} on ${system}`;
  if (browser || system) return browser ?? system ?? UNKNOWN_DEVICE;
  // A program rather than a browser: its product token, without the version ("curl/8.5.0" -> "curl").
  const product = /^[^\s/;()]+/.exec(agent)?.[0];
  return product ? product.slice(0, 40) : UNKNOWN_DEVICE;
}
