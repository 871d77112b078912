import {
  MSG_WEBHOOK_CREDENTIALS,
  MSG_WEBHOOK_HTTP_OR_HTTPS,
  MSG_WEBHOOK_HTTPS_ONLY,
  MSG_WEBHOOK_URL_INVALID,
  MSG_WEBHOOK_URL_REQUIRED,
} from './messages.js';

export interface WebhookUrlOptions {
  /** WEBHOOK_LOCAL_URLS_ENABLED: plain http:// is accepted too */
  localWebhooksEnabled?: boolean;
  /** the user confirmed that credentials in the URL should be stored with the tool */
  confirmCredentials?: boolean;
}

/**
 * Static URL rules for a webhook tool. The address checks (loopback, private ranges, metadata) need DNS and
 * belong to the server's executor, which re-checks on every call.
 */
export function checkWebhookUrl(url: unknown, options: WebhookUrlOptions = {}): string[] {
  if (url === undefined || url === null || (typeof url === 'string' && url.trim() === '')) {
    return [MSG_WEBHOOK_URL_REQUIRED];
  }
  if (typeof url !== 'string') return [MSG_WEBHOOK_URL_INVALID];
  let parsed: URL;
  try {
    parsed = new URL(url.trim());
  } catch {
    return [MSG_WEBHOOK_URL_INVALID];
  }
  const problems: string[] = [];
  if (parsed.protocol === 'http:') {
    if (!options.localWebhooksEnabled) problems.push(MSG_WEBHOOK_HTTPS_ONLY);
  } else if (parsed.protocol !== 'https:') {
    problems.push(options.localWebhooksEnabled ? MSG_WEBHOOK_HTTP_OR_HTTPS : MSG_WEBHOOK_HTTPS_ONLY);
  } else if (parsed.hostname === '') {
    problems.push(MSG_WEBHOOK_URL_INVALID);
  }
  if ((parsed.username !== '' || parsed.password !== '') && !options.confirmCredentials) {
    problems.push(MSG_WEBHOOK_CREDENTIALS);
  }
  return problems;
}
