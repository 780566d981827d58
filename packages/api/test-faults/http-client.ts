// JSON calls to a server process over real HTTP, and the few set-up steps the fault tests share.
import { createProduct } from '../src/seed/factories.js';
import type { NewProduct } from '../src/modules/catalog/index.js';

export interface Answer {
  status: number;
  body: unknown;
}

export interface Session {
  token: string;
  id: string;
  email: string;
}

/** One call; a connection error answers status 0 (the server was gone), so callers can count it. */
export async function api(base: string, method: string, path: string, token?: string, body?: unknown): Promise<Answer> {
  const headers: Record<string, string> = {};
  if (token) headers['authorization'] = `Bearer ${token}`;
  if (body !== undefined) headers['content-type'] = 'application/json';
  try {
    const res = await fetch(`${base}${path}`, {
      method,
      headers,
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
    const text = await res.text();
    return { status: res.status, body: text ? JSON.parse(text) : null };
  } catch {
    return { status: 0, body: null };
  }
}

function field(body: unknown, key: string): unknown {
  return typeof body === 'object' && body !== null && key in body ? Object(body)[key] : undefined;
}

export function stringField(body: unknown, key: string): string {
  const value = field(body, key);
  if (typeof value !== 'string') throw new Error(`expected a string ${key} in ${JSON.stringify(body)}`);
  return value;
}

export function numberField(body: unknown, key: string): number {
  const value = field(body, key);
  if (typeof value !== 'number') throw new Error(`expected a number ${key} in ${JSON.stringify(body)}`);
  return value;
}

async function session(answer: Answer, expected: number): Promise<Session> {
  if (answer.status !== expected) throw new Error(`sign-in failed: ${answer.status} ${JSON.stringify(answer.body)}`);
  const user = field(answer.body, 'user');
  return { token: stringField(answer.body, 'token'), id: stringField(user, '_id'), email: stringField(user, 'email') };
}

export async function signUpAt(base: string, name: string, email: string): Promise<Session> {
  return session(
    await api(base, 'POST', '/api/auth/signup', undefined, { name, email, password: 'fault-test-pass' }),
    201,
  );
}

export async function logInAt(base: string, email: string, password: string): Promise<Session> {
  return session(await api(base, 'POST', '/api/auth/login', undefined, { email, password }), 200);
}

export async function addProductAt(base: string, admin: Session, overrides: Partial<NewProduct>): Promise<string> {
  const res = await api(base, 'POST', '/api/service', admin.token, createProduct(overrides));
  if (res.status !== 201) throw new Error(`add product failed: ${res.status} ${JSON.stringify(res.body)}`);
  return stringField(res.body, 'insertedId');
}
