// Runs the sqlmap command line (Debian package) in batch mode with the settings every scan here shares, and names
// the verdicts that mean it found an injection.
import { spawn } from 'node:child_process';

const RUN_LIMIT_MS = 120_000;
// sqlmap's verdicts when it finds something. Its quick heuristic ("... might be injectable") is only a reason to run
// the real tests, whose verdict for each parameter is "does not seem to be injectable" or one of these.
export const FOUND = /identified the following injection point|is vulnerable|appears to be '.{0,120}' injectable/i;

/** Runs sqlmap to the end (or kills it at the time limit) and answers its exit code and output. */
export function sqlmap(args: string[], outDir: string): Promise<{ code: number | null; output: string }> {
  const common = [
    '--batch',
    '--level=2',
    '--risk=2',
    '--technique=BEUSQ',
    '--threads=4',
    '--timeout=10',
    '--retries=0',
  ];
  const more = ['--flush-session', `--output-dir=${outDir}`, '--disable-coloring', '--ignore-code=400,401,403,404'];
  return new Promise((resolve, reject) => {
    const child = spawn('sqlmap', [...args, ...common, ...more], { stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    child.stdout.on('data', (d: Buffer) => (output += d.toString()));
    child.stderr.on('data', (d: Buffer) => (output += d.toString()));
    const limit = setTimeout(() => child.kill('SIGKILL'), RUN_LIMIT_MS);
    child.once('error', reject);
    child.once('exit', (code) => {
      clearTimeout(limit);
      resolve({ code, output });
    });
  });
}
