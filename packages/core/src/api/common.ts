// Building blocks of the HTTP API's route schemas (TypeBox, so each schema is JSON Schema for Fastify's
// validation, serialization and /api/openapi.json, and a TypeScript type for the server and the web client).
//
// Two annotations carry the API's own error texts (the server's schema error formatter reads them):
// `x-message` is the message when the value is wrong, `x-missing` when a required field is absent (`{field}` in
// either is the field's path, `entries[0].keys`: one message for every item of a list). Without
// them the formatter words a message from the schema (type, range, allowed values). `x-unknown-alone` on an
// object: unknown fields are reported without the other problems; `x-unknown-message` on an object: the words
// for an unknown field (`{field}` is its name); `x-whole` on a union (an object or null): a problem inside the
// object is reported once, as the union's field with its `x-message`. `readOnly` fields may be
// sent back unchanged (a resource read, edited and sent again) and are ignored.

import { Type } from 'typebox';

/** `{ field, message }`: one problem with a request, naming the field and the fix. */
export const FieldErrorSchema = Type.Object({ field: Type.String(), message: Type.String() });

/** Every error answer: `{ error, code?, details?, suggestedName? }`. */
export const ErrorBody = Type.Object({
  error: Type.String(),
  code: Type.Optional(Type.String()),
  details: Type.Optional(Type.Array(FieldErrorSchema)),
  /** 409 `reserved_name`: a free name to use instead */
  suggestedName: Type.Optional(Type.String()),
});

export const IdParams = Type.Object({ id: Type.String() });

/** Any JSON object (free-form: JSON Schemas, settings blobs). */
export const JsonObject = Type.Record(Type.String(), Type.Unknown());

/** A field of the resource that requests may carry back unchanged; the server ignores it. */
export const readOnlyField = () => Type.Optional(Type.Unknown({ readOnly: true }));

/** The error answers a route may give, for its `response` schema. */
export const errorResponses = {
  400: ErrorBody,
  403: ErrorBody,
  404: ErrorBody,
  409: ErrorBody,
} as const;
