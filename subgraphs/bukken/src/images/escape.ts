const XML_ENTITIES: Readonly<Record<string, string>> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
};

/** Escapes text for use in SVG/XML text nodes and attribute values. */
export function escapeXml(value: string): string {
  // Strip control characters that are not allowed anywhere in XML 1.0.
  // eslint-disable-next-line no-control-regex -- stripping them is the point
  const clean = value.replace(/[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]/g, '');
  return clean.replace(/[&<>"']/g, (ch) => XML_ENTITIES[ch] ?? ch);
}
