// The MCP server form's text fields as the API's body: arguments one per line, env and headers as
// NAME=value / Name: value lines (values are write-only: a blank form keeps the stored ones).

export interface McpFormValues {
  name: string;
  transport: 'stdio' | 'http';
  command: string;
  args: string;
  cwd: string;
  env: string;
  url: string;
  headers: string;
}

/** `KEY=value` (env) or `Name: value` (headers) lines as a map; blank lines are skipped. */
export function parsePairs(text: string, separator: '=' | ':'): Record<string, string> {
  const out: Record<string, string> = {};
  for (const line of text.split('\n')) {
    if (line.trim() === '') continue;
    const at = line.indexOf(separator);
    if (at <= 0) {
      out[line.trim()] = '';
      continue;
    }
    out[line.slice(0, at).trim()] = separator === ':' ? line.slice(at + 1).trim() : line.slice(at + 1);
  }
  return out;
}

export function mcpServerBody(values: McpFormValues, creating: boolean): Record<string, unknown> {
  const body: Record<string, unknown> = { name: values.name.trim() };
  if (creating) body.transport = values.transport;
  if (values.transport === 'stdio') {
    body.command = values.command.trim();
    body.args = values.args.split('\n').filter((line) => line.trim() !== '');
    body.cwd = values.cwd.trim();
    const env = parsePairs(values.env, '=');
    if (creating || Object.keys(env).length > 0) body.env = env;
  } else {
    body.url = values.url.trim();
    const headers = parsePairs(values.headers, ':');
    if (creating || Object.keys(headers).length > 0) body.headers = headers;
  }
  return body;
}

export const STATUS_LABELS: Record<string, string> = {
  disabled: 'Off',
  needs_approval: 'Waiting for approval',
  idle: 'Not started',
  connecting: 'Connecting',
  connected: 'Connected',
  error: 'Error',
};
