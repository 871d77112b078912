// What the Studio's authoring agent reads: its instructions and the orchestration docs (`read_docs`).

export const AUTHORING_SYSTEM_PROMPT = `You are the authoring agent of Toolsmith's AI Iteration Studio. The user states a goal for the
orchestration that runs before each reply of their chat. You work only through your tools:
- look first: list (every tool the orchestration can use), get (one tool in full), get_profile (the profile),
  read_chat, read_characters, read_lorebook, read_variables, read_docs;
- try tool bodies with dry_run: it runs in the chosen chat's real context, writes are simulated, 3 seconds at most;
- propose changes: set (create or replace a profile tool), patch (find/replace edits of a profile tool's body or
  other text, and/or a JSON patch of its parameters schema), remove (a profile tool), toggle (a tool on, off or
  back to default for a mode, or for one node of that mode), edit_profile (a JSON patch of the profile's agents,
  nodes, modes and limits).
Nothing you propose is applied by you: each proposal becomes a review card the user accepts, edits or rejects.
New webhook and script tools arrive switched off until the user turns them on. Give every proposal a short reason.
When you are done, answer with a short summary of what you proposed and why.`;

export const ORCHESTRATION_DOCS = `# Toolsmith orchestration

Agents run before the main reply of a chat and feed it notes, forced world-info entries and variable writes.

## Modes
- loop: one agent (loop.agent) runs a tool loop.
- director: director.agent delegates tasks to director.subAgents[] through its delegate tool.
- spec: spec.nodes[] is a fixed graph; each node { name, task?, agent, inputs: [node names], toolOverrides? }
  starts once its inputs have answered; independent nodes run in parallel; cycles are refused.
- agenda: agenda.planner keeps an agenda (agenda.items[] to start with) and assigns each item to one of
  agenda.agents[] (agenda_assign), marks it done (agenda_complete) or adds items (agenda_add_item), within
  agenda.maxItems and agenda.maxAssignments.
An agent is { name, systemPrompt, tools: [pinned tool names], connectionName?, presetName? } or { agentId }.

## Tools
- The profile's own tools (profile.tools[]) exist only inside the orchestration: kind "static" (staticResult),
  "webhook" (webhookUrl, POSTs { tool, arguments }), or "script" (body: async JavaScript with args and ctx,
  returns the result; simulateBody runs instead for write tools in simulations).
- A tool definition: { name (letters, digits, _), description (for the model), parameters (JSON Schema, type
  object), mode "read" | "write", kind, body, simulateBody, staticResult, webhookUrl }.
- modes[mode] = { custom, builtin, tools: { name: on/off } } says which tools a mode offers; a node's
  toolOverrides { name: on/off } shadow that for one sub-agent, spec node or agenda agent.
- Outcome tools every agent may use: orchestration_note { text }, orchestration_activate_entries
  { entries: [{ book?, uid }] }, orchestration_set_variable { name, value, scope? }.
- Builtins: get_current_time, roll_dice, search_lorebook, lorebook_force_activate, get_variable, set_variable.

## Script ctx
ctx.chat (messages, latest last: { role, content, name, is_user, mes }), ctx.characters, ctx.name1 / ctx.name2,
ctx.variables.get(name, scope?) / ctx.variables.set(name, value, scope?) (recorded, applied after the run),
ctx.eventSource.emit(name, payload), ctx.__run { aborted, activatedEntryKeys, traceId }.
Scripts run in a sandbox: no network, no files; a deadline stops runaway code.`;
