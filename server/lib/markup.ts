/** Text put into HTML or XML: the five characters markup gives a meaning to, as references. */
const REFERENCES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
};

export function escapeMarkup(text: string): string {
  return text.replace(/[&<>"']/g, (char) => REFERENCES[char]);
}

/** XML 1.0 cannot carry C0 controls other than tab, line feed and carriage return, nor U+FFFE/U+FFFF. */
function isForbiddenInXml(code: number): boolean {
  return (code < 0x20 && code !== 0x09 && code !== 0x0a && code !== 0x0d) || code >= 0xfffe;
}

/** The text without the characters XML cannot carry (dropped, as they cannot be escaped). */
export function dropNonXmlCharacters(text: string): string {
  let kept = '';
  let start = 0;
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    if (code >= 0x20 && code < 0xfffe) continue;
    if (!isForbiddenInXml(code)) continue;
    kept += text.slice(start, i);
    start = i + 1;
  }
  return start === 0 ? text : kept + text.slice(start);
}
