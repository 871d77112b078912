// Fastify's own schema compiles (Ajv for requests, fast-json-stringify for responses), made lazy: Fastify
// compiles the schemas of all ~200 routes while the app starts, which was ~0.3–0.5 s of building the app
// (most routes a session never calls). Here a route's schema compiles the first time a request needs it,
// with the same compiler and options Fastify would have used at start.
import AjvCompiler from '@fastify/ajv-compiler';
import SerializerSelector from '@fastify/fast-json-stringify-compiler';
import type { FastifyServerOptions } from 'fastify';

type CompilersFactory = NonNullable<
  NonNullable<FastifyServerOptions['schemaController']>['compilersFactory']
>;
type ValidatorFactory = NonNullable<CompilersFactory['buildValidator']>;
type SerializerFactory = NonNullable<CompilersFactory['buildSerializer']>;
/** what Fastify calls: `validate(data)`, then reads `validate.errors` when it returned false */
type Validate = ((data: unknown) => unknown) & { errors?: unknown };
type Serialize = (doc: unknown) => string;
type LazyFactory<F> = (externalSchemas: never, options: never) => (route: never) => F;

// One pool for the process: the Ajv instance is picked by its options and caches what it compiled by schema,
// so every app built in one process (the tests build hundreds) compiles each route schema once.
const ajvPool = AjvCompiler();
const serializerPool = SerializerSelector();

/**
 * Ajv's validator for a route, compiled on its first request; its errors are read where Fastify reads them.
 * (No `schemaEnv` on the wrapper: Fastify then passes no parent data, which only coercion and defaults need,
 * and the route options turn both off.)
 */
const lazyValidators: LazyFactory<Validate> = (externalSchemas, options) => {
  const compile = ajvPool(externalSchemas, options);
  return (route) => {
    let validate: Validate | undefined;
    const lazy: Validate = (data) => {
      validate ??= compile(route) as Validate;
      const ok = validate(data);
      lazy.errors = validate.errors;
      return ok;
    };
    return lazy;
  };
};

/** fast-json-stringify's serializer for a route's response, compiled the first time one is sent. */
const lazySerializers: LazyFactory<Serialize> = (externalSchemas, options) => {
  const compile = serializerPool(externalSchemas, options);
  return (route) => {
    let serialize: Serialize | undefined;
    return (doc) => {
      serialize ??= compile(route);
      return serialize(doc);
    };
  };
};

/**
 * The `schemaController` option for Fastify: lazy compilers, or (`eager`, for a test that every route schema
 * compiles) the same pools compiling at start as Fastify does by default.
 */
export function routeSchemaController(eager = false): FastifyServerOptions['schemaController'] {
  if (eager) {
    return {
      compilersFactory: {
        buildValidator: ajvPool as ValidatorFactory,
        buildSerializer: serializerPool as SerializerFactory,
      },
    };
  }
  // Fastify's types want Ajv's full function type; it only calls it and reads `errors`
  return {
    compilersFactory: {
      buildValidator: lazyValidators as unknown as ValidatorFactory,
      buildSerializer: lazySerializers as unknown as SerializerFactory,
    },
  };
}
