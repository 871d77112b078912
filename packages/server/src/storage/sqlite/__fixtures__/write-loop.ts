// Child process for the crash-safety test: writes tools in a loop and prints "ack N" after each committed
// write. The parent kills it with SIGKILL at an arbitrary moment.
import { createSqliteStorage } from '../sqlite-storage.js';

const dataDir = process.argv[2];
const storage = createSqliteStorage(dataDir);
for (let i = 0; ; i++) {
  const tool = await storage.tools.create({
    name: `tool_${i}`,
    displayName: '',
    description: `Written in iteration ${i}. ${'padding '.repeat(20)}`,
    parameters: { type: 'object', properties: { n: { type: 'integer' } } },
    mode: 'read',
    kind: 'static',
    body: '',
    simulateBody: '',
    staticResult: String(i),
    webhookUrl: '',
    includeHiddenContext: false,
    enabled: true,
  });
  // Multi-row transactions are exercised too: every tenth write reorders every tool.
  if (i % 10 === 9) {
    const ids = (await storage.tools.list()).map((t) => t.id).reverse();
    await storage.tools.reorder(ids);
  }
  process.stdout.write(`ack ${i} ${tool.id}\n`);
}
