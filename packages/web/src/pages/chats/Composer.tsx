import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Connection } from '../../api/types';
import { PHONE_WIDTH, useMediaQuery } from '../../app/use-media-query';
import {
  ATTACHMENT_TYPES,
  type Attachment,
  type AttachmentProblem,
  formatBytes,
  MAX_ATTACHMENT_BYTES,
  sortOutFiles,
} from './attachments';
import { Icon } from './Icon';

/** Reads a file as a data: URL (what the generate route takes). */
function readDataUrl(file: File): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result));
    reader.onerror = () => reject(reader.error ?? new Error('The file could not be read.'));
    reader.readAsDataURL(file);
  });
}

let nextKey = 0;

/**
 * The message box: text, images attached by the button, by pasting or by dropping them on it (the server's
 * limits checked here first, each refusal said by file name), thumbnails to remove before sending, Send / Stop.
 * A connection marked text-only says that the model will get a note instead of the image.
 */
export function Composer({
  draft,
  setDraft,
  attachments,
  setAttachments,
  connection,
  streaming,
  canSend,
  onSend,
  onStop,
  onUpInEmpty,
}: {
  draft: string;
  setDraft: (text: string) => void;
  attachments: Attachment[];
  setAttachments: (update: (list: Attachment[]) => Attachment[]) => void;
  connection: Connection | undefined;
  streaming: boolean;
  canSend: boolean;
  onSend: () => void;
  onStop: () => void;
  /** Up in the empty box (edit the last message) */
  onUpInEmpty: () => boolean;
}) {
  const { t } = useTranslation();
  // the keyboard hints do not fit a phone's two lines (and a phone rarely has the keys)
  const phone = useMediaQuery(PHONE_WIDTH);
  const fileInput = useRef<HTMLInputElement>(null);
  const [problems, setProblems] = useState<string[]>([]);
  const [dragging, setDragging] = useState(false);

  const describe = (problem: AttachmentProblem) =>
    problem.kind === 'type'
      ? t('attach.wrongType', { name: problem.name })
      : problem.kind === 'size'
        ? t('attach.tooLarge', {
            name: problem.name,
            size: formatBytes(problem.bytes),
            max: formatBytes(MAX_ATTACHMENT_BYTES),
          })
        : t('attach.tooMany', { max: problem.max });

  const addFiles = async (files: File[]) => {
    if (files.length === 0) return;
    const sorted = sortOutFiles(files, attachments.length);
    const messages = sorted.problems.map(describe);
    const added: Attachment[] = [];
    for (const index of sorted.accepted) {
      const file = files[index];
      try {
        added.push({
          key: `att-${nextKey++}`,
          name: file.name || t('attach.pasted'),
          mediaType: file.type,
          bytes: file.size,
          dataUrl: await readDataUrl(file),
        });
      } catch (e) {
        messages.push(`${file.name}: ${e instanceof Error ? e.message : String(e)}`);
      }
    }
    setProblems(messages);
    if (added.length > 0) setAttachments((list) => [...list, ...added]);
  };

  const hasContent = draft.trim() !== '' || attachments.length > 0;
  const textOnly = attachments.length > 0 && connection?.vision === false;

  return (
    <form
      className={`composer${dragging ? ' dragging' : ''}`}
      onSubmit={(e) => {
        e.preventDefault();
        setProblems([]);
        onSend();
      }}
      onDragOver={(e) => {
        if (!e.dataTransfer.types.includes('Files')) return;
        e.preventDefault();
        setDragging(true);
      }}
      onDragLeave={() => setDragging(false)}
      onDrop={(e) => {
        if (e.dataTransfer.files.length === 0) return;
        e.preventDefault();
        setDragging(false);
        void addFiles([...e.dataTransfer.files]);
      }}
    >
      {(attachments.length > 0 || problems.length > 0) && (
        <div className="composer-attachments">
          {attachments.length > 0 && (
            <ul className="attachment-list" aria-label={t('attach.attached')}>
              {attachments.map((a) => (
                <li key={a.key} className="attachment">
                  <img src={a.dataUrl} alt={a.name} />
                  <span className="attachment-size">{formatBytes(a.bytes)}</span>
                  <button
                    type="button"
                    className="icon-button attachment-remove"
                    aria-label={t('attach.remove', { name: a.name })}
                    title={t('attach.remove', { name: a.name })}
                    onClick={() => setAttachments((list) => list.filter((x) => x.key !== a.key))}
                  >
                    ×
                  </button>
                </li>
              ))}
            </ul>
          )}
          {problems.map((problem) => (
            <p key={problem} className="attachment-problem" role="alert">
              {problem}
            </p>
          ))}
          {textOnly && (
            <p className="hint" role="note">
              {t('attach.textOnly', { name: connection?.name })}
            </p>
          )}
        </div>
      )}
      <div className="composer-row">
        <button
          type="button"
          className="icon-button attach-button"
          aria-label={t('attach.add')}
          title={t('attach.addHint')}
          onClick={() => fileInput.current?.click()}
        >
          <Icon name="attach" />
        </button>
        <input
          ref={fileInput}
          type="file"
          accept={ATTACHMENT_TYPES.join(',')}
          multiple
          hidden
          data-testid="attach-input"
          onChange={(e) => {
            void addFiles([...(e.target.files ?? [])]);
            e.target.value = '';
          }}
        />
        <label className="composer-input">
          <span className="visually-hidden">{t('chat.message')}</span>
          <textarea
            rows={2}
            value={draft}
            placeholder={phone ? t('chat.placeholderShort') : t('chat.placeholder')}
            onChange={(e) => setDraft(e.target.value)}
            onPaste={(e) => {
              const files = [...e.clipboardData.files];
              if (files.length === 0) return;
              e.preventDefault();
              void addFiles(files);
            }}
            onKeyDown={(e) => {
              if (e.key === 'Enter' && !e.shiftKey && !e.nativeEvent.isComposing) {
                e.preventDefault();
                e.currentTarget.form?.requestSubmit();
              } else if (e.key === 'ArrowUp' && !draft && attachments.length === 0 && onUpInEmpty()) {
                // SillyTavern's habit: Up in an empty box edits the last message
                e.preventDefault();
              }
            }}
          />
        </label>
        {streaming ? (
          <button type="button" className="danger" onClick={onStop}>
            {t('chat.stop')}
          </button>
        ) : (
          <button type="submit" className="primary" disabled={!hasContent || !canSend}>
            {t('chat.send')}
          </button>
        )}
      </div>
    </form>
  );
}
