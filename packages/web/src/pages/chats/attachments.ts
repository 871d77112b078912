// Images attached in the composer: the same limits the server checks (docs/api.md, "Messages"), so a file that
// would be refused is refused at once, with a sentence saying why, before anything is sent.

export const MAX_ATTACHMENTS = 4;
export const MAX_ATTACHMENT_BYTES = 4 * 1024 * 1024;
export const ATTACHMENT_TYPES = ['image/png', 'image/jpeg', 'image/webp', 'image/gif'];

/** An image waiting in the composer: shown as a thumbnail, sent as its data: URL. */
export interface Attachment {
  key: string;
  name: string;
  mediaType: string;
  bytes: number;
  dataUrl: string;
}

export type AttachmentProblem =
  | { kind: 'type'; name: string }
  | { kind: 'size'; name: string; bytes: number }
  | { kind: 'count'; max: number };

/** Which of the offered files may join the `current` ones, and what is wrong with the rest. */
export function sortOutFiles(
  files: readonly { name: string; type: string; size: number }[],
  current: number,
): { accepted: number[]; problems: AttachmentProblem[] } {
  const accepted: number[] = [];
  const problems: AttachmentProblem[] = [];
  files.forEach((file, index) => {
    if (!ATTACHMENT_TYPES.includes(file.type)) problems.push({ kind: 'type', name: file.name });
    else if (file.size > MAX_ATTACHMENT_BYTES)
      problems.push({ kind: 'size', name: file.name, bytes: file.size });
    else if (current + accepted.length >= MAX_ATTACHMENTS) {
      if (!problems.some((p) => p.kind === 'count')) problems.push({ kind: 'count', max: MAX_ATTACHMENTS });
    } else accepted.push(index);
  });
  return { accepted, problems };
}

/** Bytes as people read them: 512 B, 34 KB, 1.2 MB. */
export function formatBytes(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${Math.round(bytes / 1024)} KB`;
  return `${(bytes / 1024 / 1024).toFixed(1)} MB`;
}

/** Where a stored image of a message is served (only through its own chat). */
export function messageImageUrl(chatPath: string, messageId: string, imageId: string): string {
  return `${chatPath}/messages/${encodeURIComponent(messageId)}/images/${encodeURIComponent(imageId)}`;
}
