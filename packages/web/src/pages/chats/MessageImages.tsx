import { useTranslation } from 'react-i18next';
import type { ShownMessage } from '../../api/types';
import { formatBytes, messageImageUrl } from './attachments';

/** A user message's images as thumbnails; each opens the full image in a new tab. */
export function MessageImages({ message, chatPath }: { message: ShownMessage; chatPath?: string }) {
  const { t } = useTranslation();
  if (!chatPath || !message.images?.length) return null;
  return (
    <ul className="message-images" aria-label={t('attach.images')}>
      {message.images.map((image, index) => {
        const url = messageImageUrl(chatPath, message.id, image.id);
        const label = t('attach.imageN', { n: index + 1, size: formatBytes(image.bytes) });
        return (
          <li key={image.id}>
            <a href={url} target="_blank" rel="noreferrer" title={label}>
              <img src={url} alt={label} loading="lazy" />
            </a>
          </li>
        );
      })}
    </ul>
  );
}
