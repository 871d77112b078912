import { Trans } from 'react-i18next';
import type { Connection } from '../../api/types';
import { ConnectionsLink } from './ConnectionsLink';

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
        <Trans
          i18nKey="drawer.toolsInactive"
          values={{ name: connection.name }}
          components={{ strong: <strong />, connections: <ConnectionsLink /> }}
        />
      </span>
    </p>
  );
}
