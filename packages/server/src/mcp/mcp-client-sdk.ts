// The MCP SDK's client side, loaded by the first connection to an MCP server (dynamic import in
// mcp-connection.ts): it is ~0.2 s of module loading that a server without MCP servers never needs.
export { Client } from '@modelcontextprotocol/sdk/client/index.js';
export { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
export { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
