// Answers leave through their response schemas: each zod schema is turned once into a JSON Schema and compiled by
// fast-json-stringify, which writes exactly the properties the schema names and nothing else, so a row field or an
// internal value added to an object by mistake never reaches a client. It is also faster than JSON.stringify for a
// known shape, so the filter costs the hot reads nothing (bench/results/history.md).
import fastJson from 'fast-json-stringify';
import type { FastifySerializerCompiler } from 'fastify';
import { z } from 'zod';

export type Serialize = (data: unknown) => string;

/**
 * Keywords that only validate: serializing does not need them, and inside an anyOf (a nullable field) they would make
 * fast-json-stringify validate the value to choose the branch, on every answer.
 */
const VALIDATION_ONLY = new Set(['pattern', 'minimum', 'maximum', 'minLength', 'maxLength', 'format', '$schema']);

function withoutValidation(node: unknown): unknown {
  if (Array.isArray(node)) return node.map(withoutValidation);
  if (typeof node !== 'object' || node === null) return node;
  return Object.fromEntries(
    Object.entries(node)
      .filter(([key]) => !VALIDATION_ONLY.has(key))
      .map(([key, value]) => [
        key,
        key === 'properties' ? propertiesWithoutValidation(value) : withoutValidation(value),
      ]),
  );
}

/** Inside `properties` the keys are field names (a field may be called `format`), so only their values are cleaned. */
function propertiesWithoutValidation(properties: unknown): unknown {
  if (typeof properties !== 'object' || properties === null) return properties;
  return Object.fromEntries(Object.entries(properties).map(([name, value]) => [name, withoutValidation(value)]));
}

type JsonSchema = Parameters<typeof fastJson>[0];

/** zod's JSON Schema output, cleaned above, is a JSON Schema object; fast-json-stringify checks the rest itself. */
function isJsonSchema(node: unknown): node is JsonSchema {
  return typeof node === 'object' && node !== null && !Array.isArray(node);
}

export function compileSerializer(schema: z.ZodType): Serialize {
  const jsonSchema = withoutValidation(z.toJSONSchema(schema, { io: 'output', target: 'draft-7' }));
  if (!isJsonSchema(jsonSchema)) throw new Error('a response schema must describe a JSON value');
  return fastJson(jsonSchema);
}

/** Fastify's serializer compiler for the routes' zod response schemas. */
export const responseSerializerCompiler: FastifySerializerCompiler<z.ZodType> = ({ schema }) =>
  compileSerializer(schema);
