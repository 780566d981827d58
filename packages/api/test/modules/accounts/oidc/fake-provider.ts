// A minimal OpenID provider whose token endpoint answers whatever ID token the test hands it, signed with a key
// the test controls. The real provider never issues a forged, tampered, expired or mis-addressed ID token, so the
// relying party's own verification is tested against this one.
import { createServer, type Server } from 'node:http';
import { exportJWK, generateKeyPair, SignJWT, type CryptoKey, type JWTPayload } from 'jose';

export interface FakeProvider {
  issuer: string;
  /** Signs claims with the provider's published key (or another key, to forge). */
  sign(claims: JWTPayload, key?: CryptoKey): Promise<string>;
  /** The ID token the next token request answers with. */
  nextIdToken: string;
  /** A key the provider does not publish, with the same kid as the real one. */
  foreignKey: CryptoKey;
  close(): Promise<void>;
}

const KID = 'fake-rs256';

export async function startFakeProvider(): Promise<FakeProvider> {
  const published = await generateKeyPair('RS256');
  const foreign = await generateKeyPair('RS256');
  const publicJwk = { ...(await exportJWK(published.publicKey)), kid: KID, alg: 'RS256', use: 'sig' };
  const server: Server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  if (address === null || typeof address === 'string') throw new Error('not listening on TCP');
  const issuer = `http://127.0.0.1:${address.port}`;

  const fake: FakeProvider = {
    issuer,
    nextIdToken: '',
    foreignKey: foreign.privateKey,
    sign: (claims, key = published.privateKey) =>
      new SignJWT(claims).setProtectedHeader({ alg: 'RS256', kid: KID, typ: 'JWT' }).sign(key),
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };

  server.on('request', (req, res) => {
    const json = (body: unknown) => {
      res.setHeader('content-type', 'application/json');
      res.end(JSON.stringify(body));
    };
    const path = new URL(req.url ?? '/', issuer).pathname;
    if (path === '/.well-known/openid-configuration') {
      return json({
        issuer,
        authorization_endpoint: `${issuer}/authorize`,
        token_endpoint: `${issuer}/token`,
        jwks_uri: `${issuer}/jwks`,
        response_types_supported: ['code'],
        subject_types_supported: ['public'],
        id_token_signing_alg_values_supported: ['RS256'],
        code_challenge_methods_supported: ['S256'],
      });
    }
    if (path === '/jwks') return json({ keys: [publicJwk] });
    if (path === '/token' && req.method === 'POST') {
      req.resume();
      return req.on('end', () =>
        json({ access_token: 'fake-access-token', token_type: 'Bearer', expires_in: 600, id_token: fake.nextIdToken }),
      );
    }
    res.statusCode = 404;
    res.end();
  });
  return fake;
}
