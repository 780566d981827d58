// Types of scripts/run-bundle.mjs for the TypeScript that imports it (its test).
export type BundleCache = 'used' | 'missing' | 'rejected' | 'off';
export function runBundle(file: string, options?: { writeAfterMs?: number }): BundleCache;
