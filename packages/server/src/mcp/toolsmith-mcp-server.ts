// Toolsmith as an MCP server: tools/list and tools/call over the offered tools (see offered-tools.ts).
import { Server } from '@modelcontextprotocol/sdk/server/index.js';
import {
  CallToolRequestSchema,
  ErrorCode,
  ListToolsRequestSchema,
  McpError,
} from '@modelcontextprotocol/sdk/types.js';
import type { AppContext } from '../app/context.js';
import { SERVER_VERSION } from '../version.js';
import { callOfferedTool, offeredTools, toCallToolResult, toMcpTool } from './offered-tools.js';

/** `params._meta["toolsmith/simulate"]: true` runs a call in simulation (write tools do not touch state). */
export const SIMULATE_META_KEY = 'toolsmith/simulate';

type Context = Parameters<typeof offeredTools>[0] & Pick<AppContext, 'shutdownSignal'>;

/** A new MCP server for one request (the endpoint is stateless: no session outlives its request). */
export function createToolsmithMcpServer(context: Context): Server {
  const server = new Server(
    { name: 'toolsmith', title: 'Toolsmith', version: SERVER_VERSION },
    {
      capabilities: { tools: { listChanged: false } },
      instructions: 'Toolsmith offers the tools its user switched on (custom tools and builtins).',
    },
  );
  server.setRequestHandler(ListToolsRequestSchema, async () => ({
    tools: (await offeredTools(context)).definitions.map(toMcpTool),
  }));
  server.setRequestHandler(CallToolRequestSchema, async (request, extra) => {
    const { name, arguments: args, _meta } = request.params;
    const envelope = await callOfferedTool(context, name, args, {
      signal: AbortSignal.any([extra.signal, context.shutdownSignal]),
      simulate: _meta?.[SIMULATE_META_KEY] === true,
    });
    if (!envelope) {
      throw new McpError(
        ErrorCode.InvalidParams,
        `No tool named "${name}" is offered here: it is unknown, switched off, or not shared over MCP. Call tools/list for the offered tools.`,
      );
    }
    return toCallToolResult(envelope);
  });
  return server;
}
