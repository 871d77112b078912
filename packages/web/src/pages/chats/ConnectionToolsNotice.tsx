import type { Connection } from '../../api/types';

/** Whether tool controls do anything on this connection (function calling switched off: they do not). */
export function toolsInactive(connection: Connection | null): boolean {
  return connection !== null && !connection.functionCalling.enabled;
}

/**
 * The reason Chat Settings shows its tool controls as inactive: the chat's connection has function calling
 * switched off, so no tools are sent, no tool guide is added and no tool runs, whatever the chat's settings.
 */
export function ConnectionToolsNotice({ connection }: { connection: Connection | null }) {
  if (!connection || !toolsInactive(connection)) return null;
  return (
    <p className="banner info note" role="note">
      {/* one child: the banner is a flex row */}
      <span>
        Tool controls are inactive: the connection <strong>{connection.name}</strong> has function calling
        turned off, so this chat cannot send tools to the model and no tool runs. The chat keeps its settings.
        Turn function calling on in <a href="#/connections">Connections</a>, or pick another connection.
      </span>
    </p>
  );
}
