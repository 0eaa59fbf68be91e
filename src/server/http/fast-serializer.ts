import fastJson from 'fast-json-stringify';
import { z } from 'zod';

/**
 * A route's answer written by fast-json-stringify from its zod schema's JSON Schema, instead of the
 * default zod encode of the answer and JSON.stringify. For hot reads whose answer is plain data
 * (no transforms: toJSONSchema refuses them at startup): the handler's return type is already held
 * to the schema by the compiler, and fast-json-stringify still writes only the schema's properties
 * and refuses a missing required one.
 */
export function fastSerializerCompiler({ schema }: { schema: unknown }) {
  const { $schema: _dialect, ...jsonSchema } = z.toJSONSchema(schema as z.ZodType, { io: 'output', unrepresentable: 'throw' });
  return fastJson(jsonSchema as Parameters<typeof fastJson>[0]);
}
