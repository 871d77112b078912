import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from './Dialog';
import { ErrorBanner } from './ErrorBanner';
import { StatusNotice } from './StatusNotice';
import type { EditableList } from './use-editable-list';

type Named = { id: string; name: string };

/** The Edit and Delete buttons of one card, for the page to place among its own. */
export interface CardButtons {
  edit: ReactNode;
  delete: ReactNode;
}

export interface EditableListPageProps<T extends Named> {
  /** the page's state: useEditableList(resourcePath, listKey) */
  list: EditableList<T>;
  /** the page heading */
  title: string;
  /** the "New …" button's text; without it the page has no inline create form (Lorebooks creates its own way) */
  newLabel?: string;
  /** buttons and links in the header before "New …" */
  headerActions?: ReactNode;
  /** under the header, before the banners: an intro, an always-open create row */
  intro?: ReactNode;
  /** between the banners and the list: an import review, say */
  beforeList?: ReactNode;
  /** what an empty list says; null says nothing (while an import review is open, say) */
  empty: string | null;
  /** the list's accessible name */
  listLabel: string;
  listClassName?: string;
  /** the class of a card (`panel` by default) */
  cardClassName?: string;
  /** the create form (item null) or the edit form that takes the item's place in the list */
  renderForm?: (item: T | null) => ReactNode;
  /** a card's content; `buttons` are its Edit and Delete */
  renderCard: (item: T, buttons: CardButtons) => ReactNode;
  /** the Edit button's accessible name; `editHref` makes it a link to the item's own page instead */
  editLabel: (item: T) => string;
  editHref?: (item: T) => string;
  deleteLabel: (item: T) => string;
  deleteTitle: string;
  /** the confirmation's text for the item about to go */
  deleteMessage: (item: T) => ReactNode;
  /** after the list: panels that belong to the page (the orchestration profile, MCP sharing) and dialogs */
  children?: ReactNode;
}

/**
 * The list-and-edit page every settings area shares: heading with "New …", error banner (with Retry when the
 * list could not load), "Saved" notice, the create form on top, cards whose edit form replaces the card, and
 * delete behind a confirmation that keeps the server's refusal. The page brings its own forms and card content.
 */
export function EditableListPage<T extends Named>(props: EditableListPageProps<T>) {
  const { t } = useTranslation();
  const { list, renderForm } = props;
  const { items, editing } = list;
  const editingId = editing !== 'new' ? editing?.id : undefined;

  const buttonsFor = (item: T): CardButtons => ({
    edit: props.editHref ? (
      <a className="button" href={props.editHref(item)} aria-label={props.editLabel(item)}>
        {t('common.edit')}
      </a>
    ) : (
      <button type="button" onClick={() => list.setEditing(item)} aria-label={props.editLabel(item)}>
        {t('common.edit')}
      </button>
    ),
    delete: (
      <button
        type="button"
        className="danger"
        onClick={() => list.setDeleting(item)}
        aria-label={props.deleteLabel(item)}
      >
        {t('common.delete')}
      </button>
    ),
  });

  const newButton = props.newLabel !== undefined && (
    <button
      type="button"
      className="primary"
      onClick={() => list.setEditing('new')}
      disabled={editing === 'new'}
    >
      {props.newLabel}
    </button>
  );

  return (
    <section>
      <div className="spread">
        <h1>{props.title}</h1>
        {props.headerActions ? (
          <div className="row">
            {props.headerActions}
            {newButton}
          </div>
        ) : (
          newButton
        )}
      </div>
      {props.intro}
      <ErrorBanner error={list.error} onDismiss={() => list.setError(null)} />
      <StatusNotice message={list.notice} onDismiss={() => list.setNotice(null)} />
      {items === null && list.error && !list.loading && (
        <button type="button" onClick={() => void list.reload()}>
          {t('common.retry')}
        </button>
      )}
      {props.beforeList}
      {editing === 'new' && renderForm?.(null)}
      {items === null && !list.error && <p className="hint">{t('common.loading')}</p>}
      {items?.length === 0 && editing !== 'new' && props.empty !== null && (
        <p className="empty">{props.empty}</p>
      )}
      <ul className={props.listClassName ?? 'card-list'} aria-label={props.listLabel}>
        {items?.map((item) =>
          item.id === editingId && renderForm ? (
            <li key={item.id}>{renderForm(item)}</li>
          ) : (
            <li key={item.id} className={props.cardClassName ?? 'panel'} aria-label={item.name}>
              {props.renderCard(item, buttonsFor(item))}
            </li>
          ),
        )}
      </ul>
      {props.children}
      {list.deleting && (
        <ConfirmDialog
          title={props.deleteTitle}
          message={props.deleteMessage(list.deleting)}
          confirmLabel={t('common.delete')}
          danger
          error={list.deleteError}
          onConfirm={list.remove}
          onCancel={list.cancelDelete}
        />
      )}
    </section>
  );
}
