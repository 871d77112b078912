import { request } from '../api/client';
import { i18n } from '../i18n/i18n';

/** The file name from a Content-Disposition header, if the server gave one. */
export function fileNameFrom(disposition: string | null, fallback: string): string {
  if (!disposition) return fallback;
  const star = /filename\*\s*=\s*UTF-8''([^;]+)/i.exec(disposition);
  if (star) {
    try {
      return decodeURIComponent(star[1].trim());
    } catch {
      // fall through to the plain form
    }
  }
  const plain = /filename\s*=\s*"?([^";]+)"?/i.exec(disposition);
  return plain ? plain[1].trim() : fallback;
}

/** Fetches a file from the API (with the same headers as every call) and hands it to the browser. */
export async function downloadFromApi(path: string, fallbackName: string): Promise<string> {
  return (await downloadExport(path, fallbackName)).name;
}

/**
 * Like downloadFromApi, and also says whether the server left credentials in the file
 * (`X-Toolsmith-Secrets`: `redacted` by default, `included` when asked with `?secrets=include`).
 */
export async function downloadExport(
  path: string,
  fallbackName: string,
): Promise<{ name: string; secrets: 'redacted' | 'included' | null; notes: number | null }> {
  const response = await request('GET', path);
  const header = response.headers.get('x-toolsmith-secrets');
  const secrets = header === 'redacted' || header === 'included' ? header : null;
  // exports in another app's format count what that format could not hold
  const counted = Number.parseInt(response.headers.get('x-toolsmith-export-notes') ?? '', 10);
  const notes = Number.isFinite(counted) ? counted : null;
  const blob = await response.blob();
  const name = fileNameFrom(response.headers.get('content-disposition'), fallbackName);
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  document.body.append(link);
  link.click();
  link.remove();
  // Revoke later: some browsers read the URL after click() returns.
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
  return { name, secrets, notes };
}

/** The status line after an export: what was written and whether credentials are in it. */
export function exportedMessage(name: string, secrets: 'redacted' | 'included' | null): string {
  if (secrets === 'included') return i18n.t('common.exportedWithSecrets', { name });
  if (secrets === 'redacted') return i18n.t('common.exportedMasked', { name });
  return i18n.t('common.exported', { name });
}
