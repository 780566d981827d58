// Plays the browser's part at the local provider without a browser: follows its redirects with a cookie jar,
// submits the interaction form, and stops at the first redirect that leaves the provider (the shop's callback).

export type ProviderChoice = { signInAs: string } | { cancel: true };

export async function visitProvider(authorizationUrl: URL | string, choice: ProviderChoice): Promise<URL> {
  const jar = new Map<string, string>();
  let url = new URL(authorizationUrl);
  const origin = url.origin;
  let submitted = false;
  for (let hop = 0; hop < 10; hop += 1) {
    const atInteraction = /^\/interaction\/[\w-]+$/.test(url.pathname);
    const post: boolean = atInteraction && !submitted;
    const body = post && 'signInAs' in choice ? new URLSearchParams({ email: choice.signInAs }).toString() : '';
    const target = post ? new URL(`${url.pathname}/${'signInAs' in choice ? 'login' : 'abort'}`, origin) : url;
    const response = await fetch(target, {
      method: post ? 'POST' : 'GET',
      redirect: 'manual',
      headers: {
        cookie: [...jar].map(([name, value]) => `${name}=${value}`).join('; '),
        ...(post ? { 'content-type': 'application/x-www-form-urlencoded' } : {}),
      },
      ...(post ? { body } : {}),
    });
    submitted ||= post;
    for (const cookie of response.headers.getSetCookie()) {
      const [pair = ''] = cookie.split(';');
      const eq = pair.indexOf('=');
      jar.set(pair.slice(0, eq).trim(), pair.slice(eq + 1).trim());
    }
    const location = response.headers.get('location');
    if (response.status < 300 || response.status >= 400 || !location) {
      throw new Error(`the provider answered ${response.status} at ${target.pathname}: ${await response.text()}`);
    }
    url = new URL(location, target);
    if (url.origin !== origin) return url;
  }
  throw new Error('too many redirects at the provider');
}
