// The MCP servers page: the list and Toolsmith's own MCP endpoint (English). The server form is still English.
export default {
  new: 'New MCP server',
  intro: 'Tools of Model Context Protocol servers join your functions: models call them like any other tool.',
  empty: 'No MCP servers yet. Add one to use its tools in chats.',
  status: {
    disabled: 'Off',
    needs_approval: 'Waiting for approval',
    idle: 'Not started',
    connecting: 'Connecting',
    connected: 'Connected',
    error: 'Error',
  },
  tools_one: '{{count}} tool',
  tools_other: '{{count}} tools',
  onNamed: '{{name}} on',
  review: 'Review and approve',
  toolsButton: 'Tools',
  editNamed: 'Edit {{name}}',
  deleteNamed: 'Delete {{name}}',
  deleteTitle: 'Delete MCP server',
  deleteConfirm:
    'Delete <strong>{{name}}</strong>? Its tools leave every chat; a running process is stopped.',
  sharing: {
    title: 'Toolsmith as an MCP server',
    hint: 'MCP clients reach your enabled global functions and builtins at <code>{{url}}</code> (Streamable HTTP; off this machine with <code>{{header}}</code>).',
    switch: 'Share the MCP servers’ tools too',
    text: 'Share the tools of the MCP servers below too',
  },
};
