import { isGenerateTaskError } from '../base/errors.js';

/**
 * Why a native request with tools was refused because the model or server cannot take tools, or undefined
 * for every other failure (context length, bad schema, auth, rate limits, outages...). Only these signals
 * send `auto` to the text protocol: any other 400 would be paid for twice and hide the real problem.
 *
 * This reads the provider's words on purpose. GenerateTaskError codes never come from message text
 * (design.md), but "this model has no tools" has no status or code of its own on most servers.
 */
export function toolsUnsupportedSignal(error: unknown): string | undefined {
  if (!isGenerateTaskError(error)) return undefined;
  const status = typeof error.details.status === 'number' ? error.details.status : undefined;
  if (status === undefined) return undefined;
  const body = error.details.body;
  const text = `${error.message}\n${typeof body === 'string' ? body : safeJson(body)}`.slice(0, 4000);
  for (const rule of RULES) {
    if (rule.statuses.includes(status) && rule.test(text, body)) return rule.name;
  }
  return undefined;
}

interface Rule {
  name: string;
  statuses: number[];
  test: (text: string, body: unknown) => boolean;
}

const TOOL_WORDS = String.raw`(?:tools?|tool[ _]use|tool[ _]calls?|tool[ _]calling|tool_choice|function[ _]calling|functions?|function_call)`;
const DOES_NOT_SUPPORT = new RegExp(
  String.raw`(?:does not|doesn't|do not|cannot|can't) (?:support|accept|use) ${TOOL_WORDS}\b`,
  'i',
);
const NOT_SUPPORTED = new RegExp(
  String.raw`\b${TOOL_WORDS}'?"? (?:param(?:eter)?s? )?(?:is|are) not (?:supported|enabled|available|allowed)`,
  'i',
);

const RULES: Rule[] = [
  // OpenRouter: no provider behind this model takes tools
  {
    name: 'no_tool_endpoints',
    statuses: [404],
    test: (t) => /no endpoints found that support tool use/i.test(t),
  },
  // llama.cpp server started without --jinja: the chat template cannot render tools
  {
    name: 'llama_cpp_without_jinja',
    statuses: [400, 500],
    test: (t) => /tools? param(?:eter)? requires --jinja/i.test(t),
  },
  // vLLM started without a tool parser
  {
    name: 'vllm_without_tool_parser',
    statuses: [400],
    test: (t) => /--enable-auto-tool-choice|--tool-call-parser/i.test(t),
  },
  // Ollama ("... does not support tools"), OpenAI ("Unsupported parameter: 'tools' is not supported with this
  // model."), Gemini ("Function calling is not enabled for models/..."), DeepSeek, LM Studio and others
  {
    name: 'model_without_tools',
    statuses: [400, 404, 422, 500, 501],
    test: (t) =>
      DOES_NOT_SUPPORT.test(t) || NOT_SUPPORTED.test(t) || /function calling is not enabled/i.test(t),
  },
  // strict request schemas that do not know the field (FastAPI/pydantic servers, Gemini's proto parser)
  {
    name: 'tools_field_unknown',
    statuses: [400, 422],
    test: (t, body) =>
      /unknown name "?(?:tools|tool_choice|tool_config)"?/i.test(t) || pydanticExtraToolsField(body),
  },
];

/** `{ detail: [{ type: 'extra_forbidden', loc: ['body', 'tools'] }] }` */
function pydanticExtraToolsField(body: unknown): boolean {
  const detail = (body as { detail?: unknown } | null)?.detail;
  if (!Array.isArray(detail)) return false;
  return detail.some((d) => {
    const item = d as { type?: unknown; loc?: unknown; msg?: unknown };
    const loc = Array.isArray(item.loc) ? item.loc.map(String) : [];
    const extra =
      item.type === 'extra_forbidden' ||
      /extra (?:inputs|fields) (?:are )?not permitted/i.test(String(item.msg));
    return extra && loc.some((part) => part === 'tools' || part === 'tool_choice');
  });
}

function safeJson(value: unknown): string {
  try {
    return JSON.stringify(value) ?? '';
  } catch {
    return '';
  }
}
