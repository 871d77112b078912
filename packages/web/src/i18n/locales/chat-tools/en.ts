// Chat Settings' function list and the tool picker (chats and agents' pinned tools) (English).
export default {
  loadFailed: 'Could not load the functions: {{message}}',
  heading: 'Functions in this chat',
  choose: 'Choose Functions',
  nonePicked: 'None picked: every globally enabled function is available in this chat.',
  offGlobally: 'Off globally',
  missing: 'Missing',
  removeNamed: 'Remove {{name}}',
  remove: 'Remove',
  characterTools_one: '+{{count}} character tool',
  characterTools_other: '+{{count}} character tools',
  characterToolsFrom: 'from {{names}}: {{tools}}',
  switchedOff_one: '{{count}} character tool is switched off in this chat.',
  switchedOff_other: '{{count}} character tools are switched off in this chat.',
  group: {
    global: 'Global functions',
    builtin: 'Built-in',
    extension: 'From extensions',
    character: '{{name}}’s tools',
    orchestration: 'Orchestration',
  },
  hint: {
    global: 'Tick to put them in this chat’s list. None ticked: every enabled one is offered.',
    mcp: 'Tools of this MCP server (MCP page). Tick to put them in this chat’s list.',
    character: 'They come with the character. Untick one to switch it off in this chat.',
    orchestration: 'The orchestration’s agents get these before each reply; the reply itself does not.',
  },
  picker: {
    apply: 'Apply',
    empty: 'No functions exist yet. Create one on the Functions page.',
    selected_one: '{{count}} selected',
    selected_other: '{{count}} selected',
    search: 'Search functions',
    byName: 'by name',
    noMatch: 'No function name matches “{{query}}”.',
    off: 'Off',
  },
  newFunction: {
    button: 'New custom function',
    editorHint: 'After saving you go back to the chat “{{chat}}” with this function switched on there.',
    savedOff:
      'Saved {{name}}. It is switched off on the Functions page, so the model is not offered it until you switch it on there.',
    savedAddedOff:
      'Saved {{name}} and added it to “{{chat}}”. It is switched off on the Functions page, so the model is not offered it until you switch it on there.',
    savedOn: 'Saved {{name}} and switched it on in “{{chat}}”.',
    savedAll: 'Saved {{name}}. “{{chat}}” offers every enabled function, so it is on here.',
  },
};
