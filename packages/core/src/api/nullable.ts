// Small schema helpers shared by the route schemas (not an export of @toolsmith/core/api-schema).

import { type TSchema, type TSchemaOptions, Type } from 'typebox';

/** `schema`, or null (not set / cleared). The error formatter words it "…, or null." */
export const nullable = <T extends TSchema>(schema: T, options?: TSchemaOptions) =>
  Type.Union([schema, Type.Null()], options);

/** An optional number from `minimum` to `maximum`, or null. */
export const nullableRange = (minimum: number, maximum: number, integer = false) =>
  Type.Optional(nullable(integer ? Type.Integer({ minimum, maximum }) : Type.Number({ minimum, maximum })));
