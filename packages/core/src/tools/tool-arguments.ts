// The TypeScript type of a tool's arguments, read from its JSON Schema the way vercel/ai's `tool()` infers
// from its input schema: `{ type: 'object', properties: { sides: { type: 'integer' } }, required: ['sides'] }`
// gives `{ sides: number }`. Written inline (or `as const`) the schema's literals are kept, so an action's
// arguments are typed with no annotation. Arguments are validated against the same schema (Ajv) before an
// action runs, so the type holds at run time. A schema built at run time (typed `JsonSchema`) gives
// `Record<string, unknown>`, as before.

import type { JsonSchema } from './types.js';

type Simplify<T> = { [K in keyof T]: T[K] } & {};

/** A schema whose keys are known (written inline or `as const`), not a `Record<string, unknown>`. */
type IsLiteralSchema<S> = string extends keyof S ? false : true;

type FromType<T, S> = T extends 'string'
  ? string
  : T extends 'number' | 'integer'
    ? number
    : T extends 'boolean'
      ? boolean
      : T extends 'null'
        ? null
        : T extends 'array'
          ? S extends { items: infer I }
            ? SchemaType<I>[]
            : unknown[]
          : T extends 'object'
            ? ObjectType<S>
            : unknown;

type RequiredKeys<S> = S extends { required: readonly (infer R)[] } ? R & string : never;

type ObjectType<S> = S extends { properties: infer P }
  ? Simplify<
      { -readonly [K in keyof P & RequiredKeys<S>]: SchemaType<P[K]> } & {
        -readonly [K in Exclude<keyof P, RequiredKeys<S>>]?: SchemaType<P[K]>;
      } & (S extends { additionalProperties: false } ? unknown : Record<string, unknown>)
    >
  : Record<string, unknown>;

/** The value type a JSON Schema describes (the common keywords: type, properties, required, items, enum, const, anyOf, oneOf). */
export type SchemaType<S> = S extends unknown ? LiteralSchemaType<S> : never;

type LiteralSchemaType<S> =
  IsLiteralSchema<S> extends false
    ? unknown
    : S extends { const: infer C }
      ? C
      : S extends { enum: readonly (infer E)[] }
        ? E
        : S extends { anyOf: readonly (infer A)[] }
          ? SchemaType<A>
          : S extends { oneOf: readonly (infer A)[] }
            ? SchemaType<A>
            : S extends { type: readonly (infer T)[] }
              ? T extends unknown
                ? FromType<T, S>
                : never
              : S extends { type: infer T }
                ? FromType<T, S>
                : unknown;

/** The arguments a tool's action receives for parameters `S`; `Record<string, unknown>` when `S` is not known. */
export type ToolArguments<S extends JsonSchema = JsonSchema> =
  IsLiteralSchema<S> extends false
    ? Record<string, unknown>
    : SchemaType<S> extends infer A
      ? A extends Record<string, unknown>
        ? A
        : Record<string, unknown>
      : never;
