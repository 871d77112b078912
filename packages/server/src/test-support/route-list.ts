import type { FastifyInstance } from 'fastify';

/** Every [method, path] the app serves, from Fastify's own route tree (params filled with "x"). */
export function allRoutes(app: FastifyInstance): Array<[string, string]> {
  const out: Array<[string, string]> = [];
  const stack: string[] = [];
  for (const line of app.printRoutes({ commonPrefix: false }).split('\n')) {
    const match = /^((?:│ {3}| {4})*)(?:├── |└── )(\S+) \(([^)]+)\)/.exec(line);
    if (!match) continue;
    const level = match[1].length / 4;
    const parent = stack[level - 1] ?? '';
    const segment = match[2];
    const path =
      level === 0
        ? segment
        : segment.startsWith('/')
          ? `${parent === '/' ? '' : parent}${segment}`
          : `${parent.replace(/\/$/, '')}/${segment}`;
    stack.length = level;
    stack[level] = path;
    for (const method of match[3].split(', ')) out.push([method, path.replace(/:[^/]+|\*/g, 'x')]);
  }
  return out;
}
