// User- and model-facing texts shared by the core, the server and the web UI. Tests assert them verbatim.

/** Tool names fit OpenAI, Anthropic and Gemini limits: a letter, then letters, digits or underscores. */
export const TOOL_NAME_PATTERN = /^[A-Za-z][A-Za-z0-9_]{0,63}$/;
export const TOOL_NAME_MAX_LENGTH = 64;
export const DISPLAY_NAME_MAX_LENGTH = 256;
export const DESCRIPTION_MAX_LENGTH = 8192;

export const TOOL_KINDS = ['script', 'static', 'webhook', 'native'] as const;
export const TOOL_MODES = ['read', 'write'] as const;

export const MSG_DEFINITION_NOT_OBJECT = 'A tool definition must be a JSON object.';
export const MSG_TOOL_NAME =
  'Tool name must start with a letter and use only letters, digits and underscores (1–64 characters).';
export const msgReservedName = (name: string): string => `"${name}" is a reserved built-in tool name.`;
export const msgDuplicateName = (name: string): string => `A tool named "${name}" already exists.`;
export const MSG_DISPLAY_NAME = `Display name must be text of at most ${DISPLAY_NAME_MAX_LENGTH} characters.`;
export const MSG_DESCRIPTION = 'Description must be 1–8192 characters.';
export const MSG_MODE = 'Mode must be "read" or "write".';
export const MSG_KIND = 'Kind must be one of "script", "static", "webhook" or "native".';
export const MSG_ENABLED = 'Enabled must be true or false.';
export const MSG_INCLUDE_HIDDEN_CONTEXT = 'Include hidden context must be true or false.';
export const MSG_ALLOW_FETCH =
  'allowFetch must be true or false (true lets a script call fetch under the webhook URL rules).';
export const MSG_STATIC_RESULT = 'Static result must be text.';

export const MSG_PARAMETERS_ROOT =
  'Parameters must be a JSON Schema object with "type": "object" at the root.';
/** A meta-schema problem, e.g. `Parameters schema is invalid at /properties/count/type: must be ...`. */
export const msgParametersInvalid = (pointer: string, problem: string): string =>
  `Parameters schema is invalid at ${pointer === '' ? '/' : pointer}: ${problem}.`;
export const msgParametersUnusable = (problem: string): string =>
  `Parameters schema cannot be used: ${problem}.`;

export const MSG_SCRIPTS_DISABLED =
  'Script custom tools are disabled. Set CUSTOM_TOOL_SCRIPT_ENABLED=true and restart to enable sandboxed script tools.';
export const MSG_BODY_REQUIRED =
  'A script tool needs a body: the inside of an async (args, ctx) => { ... } function.';
export const MSG_BODY_NOT_TEXT = 'The script body must be text.';
export const msgSyntaxError = (
  what: 'Body' | 'Simulate body',
  line: number,
  column: number,
  problem: string,
) => `${what} has a syntax error at line ${line}, column ${column}: ${problem}.`;
export const msgBodyEscapes = (what: 'Body' | 'Simulate body') =>
  `${what} closes its enclosing function early (unbalanced braces); keep the code inside the function body.`;

export const MSG_WEBHOOK_URL_REQUIRED = 'A webhook tool needs a URL (https://...).';
export const MSG_WEBHOOK_URL_INVALID = 'Webhook URL is not a valid URL; use a full https:// address.';
export const MSG_WEBHOOK_HTTPS_ONLY =
  'Webhook URL must use https:// (plain http:// is allowed only when WEBHOOK_LOCAL_URLS_ENABLED=true).';
export const MSG_WEBHOOK_HTTP_OR_HTTPS = 'Webhook URL must use https:// or http://.';
export const MSG_WEBHOOK_CREDENTIALS =
  'Webhook URL contains credentials (user:password@host); remove them, or confirm that they should be stored with the tool.';

// Execution: messages a model reads in a tool result.
export const msgUnknownTool = (name: string): string => `Unknown tool: ${name}`;
export const msgToolDisabled = (name: string): string => `Tool is disabled: ${name}`;
export const msgNotAllowed = (name: string): string => `Tool not allowed in this chat: ${name}`;
export const msgToolFailed = (name: string, problem: string): string => `Tool ${name} failed: ${problem}`;
export const msgToolTimeout = (name: string, ms: number | undefined): string =>
  ms === undefined ? `Tool ${name} timed out.` : `Tool ${name} timed out after ${ms} ms.`;
export const msgToolAborted = (name: string): string => `Tool ${name} was aborted.`;
export const msgToolDenied = (name: string): string => `The user did not allow ${name} to run.`;
export const msgToolApprovalTimeout = (name: string): string =>
  `Nobody approved ${name} in time, so it did not run.`;
export const MSG_NO_SANDBOX = 'Script tools cannot run here: no sandbox is configured.';
export const MSG_NO_WEBHOOK_EXECUTOR = 'Webhook tools cannot run here: no webhook executor is configured.';
export const MSG_NATIVE_WITHOUT_FUNCTION = 'This native tool has no registered function.';
