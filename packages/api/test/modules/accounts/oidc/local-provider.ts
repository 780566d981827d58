// A real OpenID provider (oidc-provider v9) on 127.0.0.1 for the tests, with a tiny interaction of our own:
// a page with an e-mail field, 'Sign in' and 'Cancel'. Signing in also grants consent, as a first-party Google
// client gets after the first time. Cancel answers the client with error=access_denied.
import { randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { exportJWK, generateKeyPair } from 'jose';
import Provider from 'oidc-provider';

export interface LocalAccount {
  sub: string;
  email: string;
  name: string;
  emailVerified: boolean;
}

export interface LocalProvider {
  issuer: string;
  clientId: string;
  clientSecret: string;
  close(): Promise<void>;
}

export async function startLocalProvider(options: {
  redirectUri: string;
  accounts: LocalAccount[];
}): Promise<LocalProvider> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = addressOf(server);
  const issuer = `http://127.0.0.1:${port}`;
  const clientId = `kestrel-test-${randomBytes(4).toString('hex')}`;
  const clientSecret = randomBytes(24).toString('hex');
  const { privateKey } = await generateKeyPair('RS256', { extractable: true });
  const signingKey = { ...(await exportJWK(privateKey)), kid: 'local-rs256', alg: 'RS256', use: 'sig' };

  const provider = new Provider(issuer, {
    clients: [
      {
        client_id: clientId,
        client_secret: clientSecret,
        redirect_uris: [options.redirectUri],
        grant_types: ['authorization_code'],
        response_types: ['code'],
        token_endpoint_auth_method: 'client_secret_post',
      },
    ],
    async findAccount(_ctx, id) {
      const account = options.accounts.find((a) => a.sub === id);
      if (!account) return undefined;
      return {
        accountId: account.sub,
        claims: () => ({
          sub: account.sub,
          email: account.email,
          email_verified: account.emailVerified,
          name: account.name,
        }),
      };
    },
    claims: { openid: ['sub'], email: ['email', 'email_verified'], profile: ['name'] },
    jwks: { keys: [signingKey] },
    cookies: { keys: [randomBytes(16).toString('hex')] },
    features: { devInteractions: { enabled: false } },
    pkce: { required: () => true },
    // Explicit lifetimes (seconds) keep the provider from logging a notice for each default it falls back to.
    ttl: { AccessToken: 600, AuthorizationCode: 60, Grant: 600, IdToken: 600, Interaction: 600, Session: 600 },
    interactions: { url: (_ctx, interaction) => `/interaction/${interaction.uid}` },
  });
  const providerCallback = provider.callback();

  server.on('request', (req, res) => {
    const match = /^\/interaction\/([\w-]+)(?:\/(login|abort))?$/.exec(req.url ?? '');
    if (!match) return providerCallback(req, res);
    handleInteraction(provider, options.accounts, req, res, match[2]).catch((error: unknown) => {
      res.statusCode = 500;
      res.end(error instanceof Error ? error.message : 'interaction failed');
    });
  });

  return {
    issuer,
    clientId,
    clientSecret,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

async function handleInteraction(
  provider: Provider,
  accounts: LocalAccount[],
  req: IncomingMessage,
  res: ServerResponse,
  action: string | undefined,
): Promise<void> {
  const interaction = await provider.interactionDetails(req, res);
  if (req.method === 'GET' && !action) {
    res.setHeader('content-type', 'text/html; charset=utf-8');
    res.end(loginPage(interaction.uid));
    return;
  }
  if (action === 'abort') {
    await provider.interactionFinished(req, res, { error: 'access_denied', error_description: 'User cancelled' });
    return;
  }
  const email = new URLSearchParams(await readBody(req)).get('email') ?? '';
  const account = accounts.find((a) => a.email === email);
  if (!account) {
    res.statusCode = 400;
    res.setHeader('content-type', 'text/html; charset=utf-8');
    res.end(loginPage(interaction.uid, 'Unknown account'));
    return;
  }
  const clientId = interaction.params.client_id;
  const scope = interaction.params.scope;
  const grant = new provider.Grant({ accountId: account.sub, clientId: typeof clientId === 'string' ? clientId : '' });
  grant.addOIDCScope(typeof scope === 'string' ? scope : 'openid');
  const grantId = await grant.save();
  await provider.interactionFinished(
    req,
    res,
    { login: { accountId: account.sub }, consent: { grantId } },
    { mergeWithLastSubmission: false },
  );
}

function loginPage(uid: string, error?: string): string {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Local OpenID provider</title></head>
<body><h1>Sign in with the local provider</h1>${error ? `<p role="alert">${error}</p>` : ''}
<form method="post" action="/interaction/${uid}/login"><label>E-mail <input type="email" name="email"></label>
<button type="submit">Sign in</button></form>
<form method="post" action="/interaction/${uid}/abort"><button type="submit">Cancel</button></form></body></html>`;
}

function readBody(req: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    let body = '';
    req.setEncoding('utf8');
    req.on('data', (chunk: string) => (body += chunk));
    req.on('end', () => resolve(body));
    req.on('error', reject);
  });
}

function addressOf(server: Server): AddressInfo {
  const address = server.address();
  if (address === null || typeof address === 'string') throw new Error('the provider is not listening on TCP');
  return address;
}
