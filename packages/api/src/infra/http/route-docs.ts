// How a route names itself in the OpenAPI docs (infra/http/docs.ts): the tag it is listed under and, for a route that
// takes a sign-in, the bearer scheme (a session token or a `kc_` API key). Each routes file takes its pair here once.
export interface RouteDocs {
  tags: string[];
  /** The bearer scheme the docs declare; spread into a route's schema only where it takes a sign-in. */
  security: Array<Record<string, string[]>>;
}

export function routeDocs(tag: string): RouteDocs {
  return { tags: [tag], security: [{ bearer: [] }] };
}
