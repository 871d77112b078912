import type { TFunction } from 'i18next';
import { Trans } from 'react-i18next';

/**
 * The Edit / Delete labels and the delete confirmation of a list page whose items have names, from its locale
 * area's `editNamed`, `deleteNamed`, `deleteTitle` and `deleteConfirm` (with `<strong>` around the name).
 */
export function namedItemLabels<T extends { name: string }>(t: TFunction, area: string) {
  return {
    editLabel: (item: T) => t(`${area}.editNamed`, { name: item.name }),
    deleteLabel: (item: T) => t(`${area}.deleteNamed`, { name: item.name }),
    deleteTitle: t(`${area}.deleteTitle`),
    deleteMessage: (item: T) => (
      <p>
        <Trans
          i18nKey={`${area}.deleteConfirm`}
          values={{ name: item.name }}
          components={{ strong: <strong /> }}
        />
      </p>
    ),
  };
}
