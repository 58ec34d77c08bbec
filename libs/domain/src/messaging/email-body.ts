const HTML_TAG = /<\/?[a-z][a-z0-9]*\b[^>]*>/i;

const ENTITIES: Record<string, string> = {
  '&amp;': '&',
  '&lt;': '<',
  '&gt;': '>',
  '&quot;': '"',
  '&#39;': "'",
  '&nbsp;': ' ',
};

/**
 * A staff-written email body as the mail parts: HTML (it contains a tag) goes out as HTML with a
 * plain-text version for clients that show only text; anything else as plain text.
 */
export function emailParts(body: string): { text: string; html?: string } {
  if (!HTML_TAG.test(body)) return { text: body };
  const text = body
    .replace(/<(br|\/p|\/div|\/li|\/h[1-6])\b[^>]*>/gi, '\n')
    .replace(/<[^>]+>/g, '')
    .replace(/&(amp|lt|gt|quot|#39|nbsp);/g, (entity) => ENTITIES[entity])
    .replace(/\n{3,}/g, '\n\n')
    .trim();
  return { text, html: body };
}
