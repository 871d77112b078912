import type { ActivatedWorldInfoEntry, WorldInfoRole } from './types.js';

export interface WorldInfoDepthMessage {
  role: WorldInfoRole;
  content: string;
}

const ROLE_ORDER: WorldInfoRole[] = ['system', 'user', 'assistant'];

/**
 * Inserts `depth`-position entries into a chat: depth 0 goes after the last message, depth N before the
 * last N messages (a depth past the start goes first). Entries sharing a depth and role become one message,
 * their contents joined in order; at one depth, system comes before user before assistant.
 */
export function insertWorldInfoAtDepth<M extends { role: string }>(
  messages: M[],
  atDepth: ActivatedWorldInfoEntry[],
): Array<M | WorldInfoDepthMessage> {
  const groups = new Map<string, { depth: number; role: WorldInfoRole; parts: string[] }>();
  for (const a of atDepth) {
    const content = a.entry.content;
    if (typeof content !== 'string' || content.trim() === '') continue;
    const depth = Math.max(0, a.depth ?? a.entry.depth ?? 0);
    const role = a.role ?? a.entry.role ?? 'system';
    const id = `${depth}:${role}`;
    const group = groups.get(id) ?? { depth, role, parts: [] };
    group.parts.push(content);
    groups.set(id, group);
  }
  const at = new Map<number, WorldInfoDepthMessage[]>();
  const ordered = [...groups.values()].sort(
    (a, b) => b.depth - a.depth || ROLE_ORDER.indexOf(a.role) - ROLE_ORDER.indexOf(b.role),
  );
  for (const g of ordered) {
    const index = Math.max(0, messages.length - g.depth);
    const list = at.get(index) ?? [];
    list.push({ role: g.role, content: g.parts.join('\n') });
    at.set(index, list);
  }
  const out: Array<M | WorldInfoDepthMessage> = [];
  for (let i = 0; i <= messages.length; i++) {
    out.push(...(at.get(i) ?? []));
    if (i < messages.length) out.push(messages[i]);
  }
  return out;
}
