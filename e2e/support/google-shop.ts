// A second shop for the Google sign-in journey, pointed at a local OpenID provider. The harness's own server runs
// without Google configuration (so other journeys see the disabled button); this one is started with OIDC_ISSUER,
// GOOGLE_CLIENT_ID and GOOGLE_CLIENT_SECRET through the same start-server.mjs, on its own port and database.
import { spawn, type ChildProcess } from 'node:child_process';
import { createServer } from 'node:net';
import { fileURLToPath } from 'node:url';
import { ADMIN_EMAIL, ADMIN_PASSWORD } from './settings';

const root = fileURLToPath(new URL('../..', import.meta.url));

export interface ProviderInfo {
  issuer: string;
  clientId: string;
  clientSecret: string;
  account: { email: string; name: string };
}

export interface GoogleShop {
  url: string;
  provider: ProviderInfo;
  stop(): void;
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
    });
  });
}

/** The provider process prints one JSON line when it listens. */
function readyLine(child: ChildProcess): Promise<ProviderInfo> {
  return new Promise((resolve, reject) => {
    let out = '';
    child.stdout?.on('data', (chunk: Buffer) => {
      out += chunk.toString();
      const line = out.split('\n').find((l) => l.startsWith('{'));
      if (line) resolve(JSON.parse(line));
    });
    child.once('exit', (code) => reject(new Error(`the OpenID provider exited with ${code}`)));
  });
}

async function waitForHealth(url: string, deadline = Date.now() + 60_000): Promise<void> {
  while (Date.now() < deadline) {
    const ok = await fetch(`${url}/api/health`).then(
      (r) => r.ok,
      () => false,
    );
    if (ok) return;
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`the Google-enabled shop did not answer at ${url}`);
}

/** `env` adds settings to the shop's (the two-step journey starts one with STAFF_2FA=required). */
export async function startGoogleShop(env: Record<string, string> = {}): Promise<GoogleShop> {
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const providerProcess = spawn(
    process.execPath,
    [
      '--import',
      'tsx',
      'packages/api/test/modules/accounts/oidc/serve-local-provider.ts',
      `${url}/api/auth/google/callback`,
    ],
    { cwd: root, stdio: ['ignore', 'pipe', 'inherit'] },
  );
  const provider = await readyLine(providerProcess);
  const shopProcess = spawn(process.execPath, ['e2e/support/start-server.mjs'], {
    cwd: root,
    stdio: ['ignore', 'inherit', 'inherit'],
    env: {
      ...process.env,
      E2E_PORT: String(port),
      ADMIN_EMAIL,
      ADMIN_PASSWORD,
      OIDC_ISSUER: provider.issuer,
      GOOGLE_CLIENT_ID: provider.clientId,
      GOOGLE_CLIENT_SECRET: provider.clientSecret,
      ...env,
    },
  });
  const stop = () => {
    shopProcess.kill('SIGTERM');
    providerProcess.kill('SIGTERM');
  };
  try {
    await waitForHealth(url);
  } catch (error) {
    stop();
    throw error;
  }
  return { url, provider, stop };
}
