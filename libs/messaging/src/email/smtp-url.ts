export interface SmtpConnection {
  secure: boolean;
  host: string;
  port: number;
  user: string;
  pass: string;
}

/** Parses `smtp://user:pass@host:port` or `smtps://...` (credentials percent-encoded); null if it is not one. */
export function parseSmtpUrl(value: string): SmtpConnection | null {
  try {
    const url = new URL(value);
    if ((url.protocol !== 'smtp:' && url.protocol !== 'smtps:') || !url.hostname) return null;
    if (url.pathname.replace(/^\/$/, '') || url.search || url.hash) return null;
    const secure = url.protocol === 'smtps:';
    return {
      secure,
      host: url.hostname.replace(/^\[(.*)\]$/, '$1'),
      port: Number(url.port) || (secure ? 465 : 587),
      user: decodeURIComponent(url.username),
      pass: decodeURIComponent(url.password),
    };
  } catch {
    return null;
  }
}
