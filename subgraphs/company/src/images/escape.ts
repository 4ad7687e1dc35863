const XML_ENTITIES: Readonly<Record<string, string>> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
};

/** Escapes text for SVG/XML text nodes and attribute values. */
export function escapeXml(value: string): string {
  // Control characters are not allowed anywhere in XML 1.0, even escaped.
  // eslint-disable-next-line no-control-regex -- stripping them is the point
  const clean = value.replace(/[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]/g, '');
  return clean.replace(/[&<>"']/g, (ch) => XML_ENTITIES[ch] ?? ch);
}
