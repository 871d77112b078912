import type { FastifyInstance } from 'fastify';
import { notFound, validationError } from '../app/http-error.js';
import { MAX_VARIABLES, variableNameProblem, variableValueProblem } from '../variables/variable-limits.js';
import { bodyObject } from './fields.js';

/** `{ variables: { name: JSON value } }`: every problem reported per variable. */
function parseVariables(raw: unknown): Record<string, unknown> {
  const body = bodyObject(raw);
  const variables = body.variables;
  if (typeof variables !== 'object' || variables === null || Array.isArray(variables)) {
    throw validationError([
      { field: 'variables', message: 'Send { variables: { name: value, ... } } (values are any JSON).' },
    ]);
  }
  const entries = Object.entries(variables as Record<string, unknown>);
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
  return variables as Record<string, unknown>;
}

/** Chat and global variables, as the getvar/getglobalvar macros and the variable tools see them. */
export async function variableRoutes(app: FastifyInstance): Promise<void> {
  const { storage } = app.toolsmith;

  app.get('/api/variables', async () => ({ variables: await storage.variables.list(null) }));

  app.put('/api/variables', async (request) => {
    await storage.variables.replace(null, parseVariables(request.body));
    return { variables: await storage.variables.list(null) };
  });

  app.get<{ Params: { id: string } }>('/api/chats/:id/variables', async (request) => {
    if (!(await storage.chats.get(request.params.id))) throw notFound('chat', request.params.id);
    return { variables: await storage.variables.list(request.params.id) };
  });

  app.put<{ Params: { id: string } }>('/api/chats/:id/variables', async (request) => {
    if (!(await storage.chats.get(request.params.id))) throw notFound('chat', request.params.id);
    await storage.variables.replace(request.params.id, parseVariables(request.body));
    return { variables: await storage.variables.list(request.params.id) };
  });
}
