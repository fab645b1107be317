// The page's words: t("English msgid"), tn(singular, plural, n), tc(context, msgid),
// looked up in the project's own gettext catalogs (the terminal's, one source of
// translations) that the server hands out as JSON at /api/catalog/LANG.
//
// Every call must hold literal strings (one literal per argument, no template literals):
// `pybabel extract` (babel.cfg) reads them from the source to fill the catalogs.
// A non-English lookup that finds no translation is recorded in
// window.__tuolaji.untranslated, which the end-to-end tests read.

import { useEffect, useState } from 'preact/hooks';
import type { CatalogJson } from './protocol';
import { pluralRule, type PluralRule } from './plural';

/** The languages of the game, as tuolaji.i18n.SUPPORTED names them. */
export const LANGUAGES = ['en', 'zh_CN', 'es', 'da', 'lv', 'hi'] as const;
export type Language = (typeof LANGUAGES)[number];

/** The names each language calls itself (the language switch shows them untranslated). */
export const LANGUAGE_NAMES: Record<Language, string> = {
  en: 'English',
  zh_CN: '简体中文',
  es: 'Español',
  da: 'Dansk',
  lv: 'Latviešu',
  hi: 'हिन्दी',
};

/** The <html lang> value of each language (BCP 47). */
const HTML_LANG: Record<Language, string> = { en: 'en', zh_CN: 'zh-CN', es: 'es', da: 'da', lv: 'lv', hi: 'hi' };

const CONTEXT_SEPARATOR = '\u0004';

export type FormatValues = Record<string, string | number>;

interface Catalog {
  lang: Language;
  messages: Record<string, string>;
  plurals: Record<string, string[]>;
  contexts: Record<string, string>;
  plural: PluralRule;
}

const ENGLISH: Catalog = { lang: 'en', messages: {}, plurals: {}, contexts: {}, plural: (n) => (n !== 1 ? 1 : 0) };

let current: Catalog = ENGLISH;
const listeners = new Set<(lang: Language) => void>();

/** The hooks the end-to-end tests read: untranslated msgids and the app's state. */
export interface TestHooks {
  untranslated: string[];
  state: () => object;
}

declare global {
  interface Window {
    __tuolaji?: TestHooks;
  }
}

/** window.__tuolaji, created on first use. */
export function testHooks(): TestHooks {
  const scope = globalThis as unknown as { __tuolaji?: TestHooks };
  if (scope.__tuolaji === undefined) scope.__tuolaji = { untranslated: [], state: () => ({}) };
  return scope.__tuolaji;
}

function recordMiss(msgid: string): void {
  if (current.lang === 'en') return;
  const misses = testHooks().untranslated;
  if (!misses.includes(msgid)) misses.push(msgid);
}

/** `template` with each {name} field replaced by values[name] (unknown fields kept). */
export function format(template: string, values: FormatValues = {}): string {
  return template.replace(/\{([A-Za-z_][A-Za-z0-9_]*)\}/g, (whole, name: string) => {
    const value = values[name];
    return value === undefined ? whole : String(value);
  });
}

/** `msgid` in the current language, its {fields} filled from `values`. */
export function t(msgid: string, values?: FormatValues): string {
  const found = current.messages[msgid];
  if (found === undefined || found === '') recordMiss(msgid);
  const text = found === undefined || found === '' ? msgid : found;
  return values === undefined ? text : format(text, values);
}

/** The form of a message for the count `n` in the current language ({n} and the other
 * fields filled). */
export function tn(singular: string, plural: string, n: number, values?: FormatValues): string {
  const forms = current.plurals[singular];
  let text: string;
  const index = current.plural(n);
  const form = forms?.[index];
  if (form === undefined || form === '') {
    recordMiss(singular);
    text = n === 1 ? singular : plural;
  } else {
    text = form;
  }
  return format(text, { n, ...values });
}

/** `msgid` told apart by `context` (pgettext), in the current language. */
export function tc(context: string, msgid: string, values?: FormatValues): string {
  const found = current.contexts[context + CONTEXT_SEPARATOR + msgid];
  if (found === undefined || found === '') recordMiss(msgid);
  const text = found === undefined || found === '' ? msgid : found;
  return values === undefined ? text : format(text, values);
}

/** Whether `code` is one of the game's languages. */
export function isLanguage(code: string): code is Language {
  return (LANGUAGES as readonly string[]).includes(code);
}

/** The game's language a browser tag names ("zh-CN", "zh-Hans", "es-MX", "da_DK"), or
 * null: tuolaji.i18n.normalize's rule for the browser. */
export function normalizeLanguage(tag: string): Language | null {
  const text = tag.trim().split('.')[0]?.replace(/-/g, '_') ?? '';
  if (text === '') return null;
  const exact = LANGUAGES.find((code) => code.toLowerCase() === text.toLowerCase());
  if (exact !== undefined) return exact;
  const base = text.split('_')[0]?.toLowerCase() ?? '';
  if (base === 'zh') return 'zh_CN';
  return LANGUAGES.find((code) => code.toLowerCase() === base) ?? null;
}

/** The language to show: the saved preference, else the first of the browser's
 * languages the game speaks, else English. */
export function pickLanguage(preferred: string | null | undefined, browser: readonly string[]): Language {
  if (preferred !== null && preferred !== undefined && isLanguage(preferred)) return preferred;
  for (const tag of browser) {
    const found = normalizeLanguage(tag);
    if (found !== null) return found;
  }
  return 'en';
}

/** The language shown now. */
export function currentLanguage(): Language {
  return current.lang;
}

/** Makes `json` (a /api/catalog answer) the catalog in force and tells every listener. */
export function installCatalog(json: CatalogJson): void {
  const lang = normalizeLanguage(json.lang) ?? 'en';
  current =
    lang === 'en'
      ? ENGLISH
      : {
          lang,
          messages: json.messages,
          plurals: json.plurals,
          contexts: json.contexts,
          plural: pluralRule(json.plural_forms),
        };
  // a new language: what was missing in the old one says nothing about this one
  testHooks().untranslated.length = 0;
  if (typeof document !== 'undefined') document.documentElement.lang = HTML_LANG[lang];
  for (const listener of listeners) listener(lang);
}

const cache = new Map<Language, CatalogJson>();

/** Fetches the catalog of `lang` (English needs none) and puts it in force. A catalog
 * that cannot be fetched leaves English in force and is reported by the promise. */
export async function setLanguage(lang: Language, fetcher: typeof fetch = fetch): Promise<void> {
  if (lang === 'en') {
    installCatalog({ lang: 'en', plural_forms: '', messages: {}, plurals: {}, contexts: {} });
    return;
  }
  let json = cache.get(lang);
  if (json === undefined) {
    const response = await fetcher(`/api/catalog/${encodeURIComponent(lang)}`);
    if (!response.ok) throw new Error(`catalog ${lang}: HTTP ${response.status}`);
    json = (await response.json()) as CatalogJson;
    cache.set(lang, json);
  }
  installCatalog(json);
}

/** The language in force, re-rendering the component when it changes. */
export function useLanguage(): Language {
  const [lang, setLang] = useState<Language>(current.lang);
  useEffect(() => {
    const listener = (next: Language): void => setLang(next);
    listeners.add(listener);
    // it may have changed between the render and this effect
    setLang(current.lang);
    return () => {
      listeners.delete(listener);
    };
  }, []);
  return lang;
}

/** Calls `listener` whenever the language changes; returns the unsubscribe function. */
export function onLanguageChange(listener: (lang: Language) => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}
