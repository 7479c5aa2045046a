import { LANGUAGE_CODES, type TLanguageCode } from '../../domain/constants';

const LEGACY_CODES: Record<string, TLanguageCode> = { ch: 'zh', jp: 'ja' };

function codeOf(tag: string): TLanguageCode | null {
  const base = tag.trim().toLowerCase().split(/[-_]/)[0] ?? '';
  const code = LEGACY_CODES[base] ?? base;
  return (LANGUAGE_CODES as readonly string[]).includes(code) ? (code as TLanguageCode) : null;
}

/**
 * The language a request asks for in `Accept-Language` ("fr", "zh-CN,zh;q=0.9,en;q=0.5"): the
 * most wanted of the six the app offers, English when none is offered or the header is absent.
 * The web app sends the reader's chosen language there on every call.
 */
export function languageOfRequest(acceptLanguage: string | string[] | undefined): TLanguageCode {
  const header = Array.isArray(acceptLanguage) ? acceptLanguage.join(',') : (acceptLanguage ?? '');
  const wanted = header
    .split(',')
    .map((part, order) => {
      const [tag = '', ...params] = part.split(';');
      const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
      const weight = q ? Number(q.slice(2)) : 1;
      return { code: codeOf(tag), weight: Number.isFinite(weight) ? weight : 0, order };
    })
    .filter((entry) => entry.code !== null && entry.weight > 0)
    .sort((a, b) => b.weight - a.weight || a.order - b.order);
  return wanted[0]?.code ?? 'en';
}
