import { readToken } from './token-storage';

/**
 * Part of the catalogue's query keys: a signed-in member may see contract prices (B2B §5), so what they were shown is
 * not kept for the next visitor of the page. The token is sent (the server reads a bad one as anonymous, never 401).
 */
export const viewer = (): 'signed-in' | 'anonymous' => (readToken() ? 'signed-in' : 'anonymous');
