// The Characters page: a character's orchestration override (English).
export default {
  title: 'Orchestration for this character',
  choice: 'Orchestration source',
  inherit: 'Inherit (no override)',
  override: 'Override',
  inheritHint: 'Chats with this character run the global orchestration profile (Agents page).',
  overrideHint:
    'Edit the profile below; only what differs from the global profile is saved, in the character card, so it travels with exports. Stored agents are written out.',
  effective: 'What a chat with this character runs:',
  fromGlobal: '{{mode}} mode ({{agents}}), from the global profile.',
  fromOverride: '{{mode}} mode ({{agents}}), from this character’s override.',
  overrides: 'Overridden: {{keys}}.',
  problems: 'Orchestration override problems',
  save: 'Save orchestration',
  saving: 'Saving…',
  saved: 'Override saved.',
  inheriting: 'Inheriting the global profile.',
  reset: 'Reset to inherit',
  loadFailed: 'Could not load the orchestration override: {{message}}',
};
