// Runs the local test OpenID provider as its own process for the browser journey (e2e/google-sign-in.spec.ts), which
// may not import the api package. Usage: tsx serve-local-provider.ts <redirect URI>
// Prints one JSON line { issuer, clientId, clientSecret, account } when ready; stops on SIGTERM or SIGINT.
import { startLocalProvider } from './local-provider.js';

/** The one person who can sign in at this provider, with a verified e-mail. */
export const E2E_ACCOUNT = {
  sub: 'e2e-casey',
  email: 'casey.buyer@example.com',
  name: 'Casey Buyer',
  emailVerified: true,
};

const redirectUri = process.argv[2];
if (!redirectUri || !/^http:\/\/127\.0\.0\.1:\d+\/api\/auth\/google\/callback$/.test(redirectUri)) {
  process.stderr.write('usage: serve-local-provider.ts http://127.0.0.1:PORT/api/auth/google/callback\n');
  process.exit(2);
}

const provider = await startLocalProvider({ redirectUri, accounts: [E2E_ACCOUNT] });
process.stdout.write(
  `${JSON.stringify({
    issuer: provider.issuer,
    clientId: provider.clientId,
    clientSecret: provider.clientSecret,
    account: E2E_ACCOUNT,
  })}\n`,
);

const stop = () => {
  void provider.close().then(() => process.exit(0));
};
process.on('SIGTERM', stop);
process.on('SIGINT', stop);
