import { parseToolCallsFromText } from '@toolsmith/core';

const tools = [
  {
    name: 'get_weather',
    parameters: { type: 'object', properties: { city: { type: 'string' }, days: { type: 'integer' } } },
  },
];
const cases = JSON.parse(process.argv[2] ?? 'null') ?? [];
for (const [model, text] of cases) {
  const r = parseToolCallsFromText(text, { tools, model });
  console.log(
    JSON.stringify({
      model,
      content: r.content,
      reasoning: r.reasoning,
      calls: r.calls.map((c) => [c.name, c.args]),
      errors: r.errors.map((e) => e.message),
    }),
  );
}
