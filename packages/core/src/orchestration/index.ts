export type * from './types.js';
export { agentMessages } from './agent-node.js';
export { DELEGATE_TOOL_NAME, delegateParameters } from './delegate-tool.js';
export { OutcomeRecorder } from './outcome-tools.js';
export { applyProfileOverride, mergeProfileOverride } from './profile-override.js';
export {
  MAX_PROFILE_TOOLS,
  MAX_SUB_AGENTS,
  MSG_AGENT_NAME,
  ORCHESTRATION_MODES,
  defaultAgent,
  defaultOrchestrationProfile,
  parseAgent,
  parseOrchestrationProfile,
  type ParseProfileOptions,
} from './profile.js';
export {
  runAgent,
  runOrchestration,
  type OrchestrationRunResult,
  type RunAgentOptions,
  type RunOrchestrationOptions,
} from './run-orchestration.js';
export { ORCHESTRATION_TOOL_NAMES, toolCategory } from './tool-switches.js';
