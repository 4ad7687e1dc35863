const ENTITIES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

/** Escapes text for HTML element content and quoted attributes. */
export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => ENTITIES[c] ?? c);
}

/** Escaped, with line breaks kept as <br>. */
export function escapeMultiline(text: string): string {
  return escapeHtml(text).replace(/\r?\n/g, '<br>\n');
}
