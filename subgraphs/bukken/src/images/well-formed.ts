// The images' tests share this check (no XML parser among the dependencies).
/** Minimal XML well-formedness check: balanced tags, one root, quoted attributes, escaped text. */
export function wellFormedErrors(xml: string): string[] {
  const errors: string[] = [];
  const stack: string[] = [];
  const token = /<!--[\s\S]*?-->|<(\/?)([A-Za-z][\w:.-]*)((?:\s+[\w:.-]+="[^"<]*")*)\s*(\/?)>/g;
  const rawAmp = /&(?!(?:amp|lt|gt|quot|apos|#\d+|#x[0-9a-fA-F]+);)/;
  let roots = 0;
  let last = 0;
  for (let m = token.exec(xml); m !== null; m = token.exec(xml)) {
    const between = xml.slice(last, m.index);
    if (/[<>]/.test(between) || rawAmp.test(between)) errors.push(`unescaped text before ${m.index}: ${between.slice(0, 40)}`);
    last = token.lastIndex;
    if (m[0].startsWith('<!--')) continue;
    const [, closing, name = '', attrs = '', selfClosing] = m;
    const attrList = [...attrs.matchAll(/\s([\w:.-]+)="([^"]*)"/g)];
    if (attrList.some((a) => rawAmp.test(a[2] ?? ''))) errors.push(`unescaped & in <${name}> attribute`);
    if (new Set(attrList.map((a) => a[1])).size !== attrList.length) errors.push(`duplicate attribute in <${name}>`);
    if (closing) {
      const open = stack.pop();
      if (open !== name) errors.push(`</${name}> closes <${open ?? 'nothing'}>`);
    } else {
      if (stack.length === 0) roots++;
      if (!selfClosing) stack.push(name);
    }
  }
  if (xml.slice(last).trim() !== '') errors.push('trailing content after root');
  if (stack.length) errors.push(`unclosed: ${stack.join(',')}`);
  if (roots !== 1) errors.push(`expected one root element, got ${roots}`);
  return errors;
}
