import { describe, expect, it } from 'vitest';
import { formatBytes, MAX_ATTACHMENT_BYTES, messageImageUrl, sortOutFiles } from './attachments';

const png = (name: string, size = 100) => ({ name, type: 'image/png', size });

describe('composer attachments', () => {
  it('takes images up to the count, refuses other types and large files by name', () => {
    const { accepted, problems } = sortOutFiles(
      [
        png('a.png'),
        { name: 'doc.pdf', type: 'application/pdf', size: 10 },
        { name: 'huge.jpg', type: 'image/jpeg', size: MAX_ATTACHMENT_BYTES + 1 },
        { name: 'icon.svg', type: 'image/svg+xml', size: 10 },
        png('b.png'),
        png('c.png'),
      ],
      2,
    );
    expect(accepted).toEqual([0, 4]);
    expect(problems).toEqual([
      { kind: 'type', name: 'doc.pdf' },
      { kind: 'size', name: 'huge.jpg', bytes: MAX_ATTACHMENT_BYTES + 1 },
      { kind: 'type', name: 'icon.svg' },
      { kind: 'count', max: 4 },
    ]);
  });

  it('formats sizes and builds the image URL inside its chat', () => {
    expect([formatBytes(70), formatBytes(35_000), formatBytes(4_400_000)]).toEqual([
      '70 B',
      '34 KB',
      '4.2 MB',
    ]);
    expect(messageImageUrl('/api/chats/c1', 'm 1', 'img_2')).toBe(
      '/api/chats/c1/messages/m%201/images/img_2',
    );
  });
});
