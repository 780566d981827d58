// Sign-up refuses the most common passwords (ASVS 2.1.7): a guesser tries these first, and the per-account sign-in
// limit only slows guessing down. The list is read once, on first use, from a text file shipped beside the code.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { apiPackageDir } from '../../infra/package-dir.js';

/** Where the list lives, whether the code runs from src (tsx, tests) or from the dist bundle. */
export const COMMON_PASSWORDS_FILE = join(apiPackageDir(), 'src/modules/accounts/common-passwords.txt');

let common: Set<string> | undefined;

/** The list as a Set of lower-cased passwords; comment lines (#) and blank lines are skipped. */
export function commonPasswords(): Set<string> {
  if (!common) {
    const lines = readFileSync(COMMON_PASSWORDS_FILE, 'utf8').split('\n');
    common = new Set(lines.map((l) => l.trim().toLowerCase()).filter((l) => l !== '' && !l.startsWith('#')));
  }
  return common;
}

/** Case does not make a common password uncommon: 'Password1' is refused like 'password1'. */
export function isCommonPassword(password: string): boolean {
  return commonPasswords().has(password.toLowerCase());
}
