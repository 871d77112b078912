import type { TFunction } from 'i18next';
import type { ReactNode } from 'react';
import { Trans } from 'react-i18next';

export interface NamedItemLabelOptions<T> {
  /** the count the confirmation's plural forms go by (a lorebook's entries) */
  count?: (item: T) => number;
  /** shown under the confirmation sentence (a character's chats) */
  after?: (item: T) => ReactNode;
}

/**
 * The Edit / Delete labels and the delete confirmation of a list page whose items have names, from its locale
 * area's `editNamed`, `deleteNamed`, `deleteTitle` and `deleteConfirm` (with `<strong>` around the name).
 */
export function namedItemLabels<T extends { name: string }>(
  t: TFunction,
  area: string,
  options: NamedItemLabelOptions<T> = {},
) {
  return {
    editLabel: (item: T) => t(`${area}.editNamed`, { name: item.name }),
    deleteLabel: (item: T) => t(`${area}.deleteNamed`, { name: item.name }),
    deleteTitle: t(`${area}.deleteTitle`),
    deleteMessage: (item: T) => (
      <>
        <p>
          <Trans
            i18nKey={`${area}.deleteConfirm`}
            values={{ name: item.name }}
            count={options.count?.(item)}
            components={{ strong: <strong /> }}
          />
        </p>
        {options.after?.(item)}
      </>
    ),
  };
}
