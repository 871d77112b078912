import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { variableRouteSchemas as schemas, type VariableMap } from '@toolsmith/core/api-schema';
import type { FastifyInstance } from 'fastify';
import { notFound, validationError } from '../app/http-error.js';
import { MAX_VARIABLES, variableNameProblem, variableValueProblem } from '../variables/variable-limits.js';

/** The names and values of `{ variables }` (its shape checked by the route schema): every problem reported. */
function checkVariables(variables: VariableMap): VariableMap {
  const entries = Object.entries(variables);
  const details: Array<{ field: string; message: string }> = [];
  if (entries.length > MAX_VARIABLES) {
    details.push({ field: 'variables', message: `At most ${MAX_VARIABLES} variables.` });
  }
  for (const [name, value] of entries) {
    const problem = variableNameProblem(name);
    if (problem) details.push({ field: `variables.${name}`, message: problem });
    else {
      const valueProblem = variableValueProblem(name, value);
      if (valueProblem) details.push({ field: `variables.${name}`, message: valueProblem });
    }
  }
  if (details.length > 0) throw validationError(details);
  return variables;
}

/** Chat and global variables, as the getvar/getglobalvar macros and the variable tools see them. */
export async function variableRoutes(fastify: FastifyInstance): Promise<void> {
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>();
  const { storage } = app.toolsmith;

  app.get('/api/variables', { schema: schemas.getGlobal }, async () => ({
    variables: await storage.variables.list(null),
  }));

  app.put('/api/variables', { schema: schemas.putGlobal }, async (request) => {
    await storage.variables.replace(null, checkVariables(request.body.variables));
    return { variables: await storage.variables.list(null) };
  });

  app.get('/api/chats/:id/variables', { schema: schemas.getChat }, async (request) => {
    if (!(await storage.chats.get(request.params.id))) throw notFound('chat', request.params.id);
    return { variables: await storage.variables.list(request.params.id) };
  });

  app.put('/api/chats/:id/variables', { schema: schemas.putChat }, async (request) => {
    if (!(await storage.chats.get(request.params.id))) throw notFound('chat', request.params.id);
    await storage.variables.replace(request.params.id, checkVariables(request.body.variables));
    return { variables: await storage.variables.list(request.params.id) };
  });
}
