import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { orchestrationRouteSchemas as schemas } from '@toolsmith/core/api-schema';
import type { FastifyInstance } from 'fastify';
import { planLukerProfileImport } from '../orchestration/luker-profile-import.js';
import { saveProfileWithHistory } from '../orchestration/profile-history.js';

/**
 * `POST /api/orchestration/import` (docs/api.md, "Agents and orchestration"): a Luker orchestrator profile file
 * (V1 spec, V2 agenda, V3 director, V4 loop) or card, read with its modes, nodes and tool switches. Without
 * `?apply=true` it only answers what the profile would become; with it, the result is stored (undo from the
 * profile history).
 */
export async function orchestrationImportRoutes(fastify: FastifyInstance): Promise<void> {
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>();
  const context = app.toolsmith;
  app.post(
    '/api/orchestration/import',
    { config: { privileged: true }, schema: schemas.import },
    async (request) => {
      const plan = await planLukerProfileImport(context, request.body);
      const apply = request.query.apply === 'true' || request.query.apply === '1';
      let historyId: string | undefined;
      if (apply) {
        historyId = await saveProfileWithHistory(
          context.storage,
          plan.profile,
          'import',
          `Imported a Luker ${plan.mode} profile (${plan.format})`,
          { importMode: plan.mode, importFormat: plan.format },
        );
      }
      return { ...plan, applied: apply, ...(historyId ? { historyId } : {}) };
    },
  );
}
