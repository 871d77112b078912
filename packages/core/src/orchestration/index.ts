export { agentMessages } from './agent-node.js';
export { DELEGATE_TOOL_NAME, delegateParameters } from './delegate-tool.js';
export { OutcomeRecorder } from './outcome-tools.js';
export {
  defaultAgent,
  defaultOrchestrationProfile,
  MAX_PROFILE_TOOLS,
  MAX_SUB_AGENTS,
  MSG_AGENT_NAME,
  ORCHESTRATION_MODES,
  type ParseProfileOptions,
  parseAgent,
  parseOrchestrationProfile,
} from './profile.js';
export { applyProfileOverride, mergeProfileOverride } from './profile-override.js';
export {
  type OrchestrationRunResult,
  type RunAgentOptions,
  type RunOrchestrationOptions,
  runAgent,
  runOrchestration,
} from './run-orchestration.js';
export { ORCHESTRATION_TOOL_NAMES, toolCategory } from './tool-switches.js';
export type * from './types.js';
