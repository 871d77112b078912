import { Trans } from 'react-i18next';
import type { Connection } from '../../api/types';
import { ConnectionsLink } from './ConnectionsLink';

/**
 * Why a chat cannot send yet: it has no connection. With none to pick (the list loaded empty), the way to
 * make one; otherwise where to pick one.
 */
export function NoConnectionNote({
  connections,
  onOpenSettings,
}: {
  connections: Connection[] | null;
  onOpenSettings: () => void;
}) {
  return (
    <p className="banner info" role="note">
      {/* one child: the banner is a flex row */}
      <span>
        {connections?.length === 0 ? (
          <Trans i18nKey="drawer.noConnections" components={{ create: <ConnectionsLink /> }} />
        ) : (
          <Trans
            i18nKey="chat.noConnectionYet"
            components={{
              settings: <button type="button" className="link in-text" onClick={onOpenSettings} />,
            }}
          />
        )}
      </span>
    </p>
  );
}
