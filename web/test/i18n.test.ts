import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  format,
  installCatalog,
  normalizeLanguage,
  pickLanguage,
  setLanguage,
  t,
  tc,
  testHooks,
  tn,
} from '../src/i18n';
import { pluralRule } from '../src/plural';
import type { CatalogJson } from '../src/protocol';

/** The Plural-Forms header of a language's real catalog (one source of translations). */
function pluralForms(lang: string): string {
  const po = readFileSync(resolve(process.cwd(), `../src/tuolaji/locale/${lang}/LC_MESSAGES/tuolaji.po`), 'utf8');
  const match = /"Plural-Forms: ([^"]*)\\n"/.exec(po);
  if (match?.[1] === undefined) throw new Error(`no Plural-Forms in ${lang}`);
  return match[1];
}

function catalog(lang: string, extra: Partial<CatalogJson> = {}): CatalogJson {
  return { lang, plural_forms: 'nplurals=2; plural=(n != 1);', messages: {}, plurals: {}, contexts: {}, ...extra };
}

afterEach(() => installCatalog(catalog('en')));

describe('format', () => {
  it('fills named fields and keeps unknown ones', () => {
    expect(format('{name} plays {cards}', { name: 'Ana', cards: 'QH QH' })).toBe('Ana plays QH QH');
    expect(format('{n} of {total}', { n: 3 })).toBe('3 of {total}');
    expect(format('no fields')).toBe('no fields');
  });
});

describe('lookup', () => {
  it('is English without a catalog and records no miss', () => {
    installCatalog(catalog('en'));
    expect(t('Join')).toBe('Join');
    expect(t('Seat {n}', { n: 2 })).toBe('Seat 2');
    expect(testHooks().untranslated).toEqual([]);
  });

  it('translates messages, contexts and plurals from the catalog', () => {
    installCatalog(
      catalog('es', {
        plural_forms: pluralForms('es'),
        messages: { Join: 'Unirse', 'Seat {n}': 'Asiento {n}' },
        contexts: { 'card rank\u0004Queen': 'Reina' },
        plurals: { '{n} open seat': ['{n} asiento libre', '{n} asientos libres (millón)', '{n} asientos libres'] },
      }),
    );
    expect(t('Join')).toBe('Unirse');
    expect(t('Seat {n}', { n: 3 })).toBe('Asiento 3');
    expect(tc('card rank', 'Queen')).toBe('Reina');
    expect(tn('{n} open seat', '{n} open seats', 1)).toBe('1 asiento libre');
    expect(tn('{n} open seat', '{n} open seats', 2)).toBe('2 asientos libres');
    expect(testHooks().untranslated).toEqual([]);
  });

  it('records each miss of a non-English language once, and falls back to English', () => {
    installCatalog(catalog('da', { messages: { Join: 'Deltag' } }));
    expect(t('Create a room')).toBe('Create a room');
    expect(t('Create a room')).toBe('Create a room');
    expect(tc('card rank', 'King')).toBe('King');
    expect(tn('{n} open seat', '{n} open seats', 4)).toBe('4 open seats');
    expect(testHooks().untranslated).toEqual(['Create a room', 'King', '{n} open seat']);
  });

  it('treats an empty translation as missing', () => {
    installCatalog(catalog('lv', { messages: { Join: '' } }));
    expect(t('Join')).toBe('Join');
    expect(testHooks().untranslated).toContain('Join');
  });

  it('starts a new list of misses when the language changes, and sets <html lang>', () => {
    installCatalog(catalog('hi'));
    t('Missing here');
    expect(document.documentElement.lang).toBe('hi');
    installCatalog(catalog('zh_CN'));
    expect(testHooks().untranslated).toEqual([]);
    expect(document.documentElement.lang).toBe('zh-CN');
  });
});

describe('plural rules of every language (from the real catalogs)', () => {
  const cases: [string, [number, number][]][] = [
    ['da', [[0, 1], [1, 0], [2, 1], [21, 1]]],
    ['es', [[0, 2], [1, 0], [2, 2], [1_000_000, 1], [2_000_000, 1], [1_000_001, 2]]],
    ['hi', [[0, 0], [1, 0], [2, 1], [33, 1]]],
    ['lv', [[0, 0], [1, 1], [2, 2], [10, 0], [11, 0], [19, 0], [21, 1], [22, 2], [101, 1], [111, 0]]],
    ['zh_CN', [[0, 0], [1, 0], [2, 0], [33, 0]]],
  ];
  for (const [lang, expected] of cases) {
    it(`chooses the form of ${lang}`, () => {
      const rule = pluralRule(pluralForms(lang));
      for (const [n, form] of expected) expect([n, rule(n)]).toEqual([n, form]);
    });
  }

  it('chooses the form tn shows for Latvian', () => {
    installCatalog(
      catalog('lv', {
        plural_forms: pluralForms('lv'),
        plurals: { '{n} card': ['{n} kāršu', '{n} kārts', '{n} kārtis'] },
      }),
    );
    expect(tn('{n} card', '{n} cards', 1)).toBe('1 kārts');
    expect(tn('{n} card', '{n} cards', 3)).toBe('3 kārtis');
    expect(tn('{n} card', '{n} cards', 10)).toBe('10 kāršu');
  });

  it('evaluates the whole C grammar without eval', () => {
    expect(pluralRule('nplurals=3; plural=n%3;')(5)).toBe(2);
    expect(pluralRule('nplurals=2; plural=!(n == 1);')(1)).toBe(0);
    expect(pluralRule('nplurals=4; plural=(n*2-1)/3 + (n>=10 && n<=20);')(5)).toBe(3);
    expect(pluralRule('nplurals=2; plural=(n > 1 || n < 0);')(2)).toBe(1);
    expect(pluralRule('nplurals=2; plural=n ? 1 : 0;')(0)).toBe(0);
  });

  it('falls back to the English rule for an unreadable expression, and never leaves the forms', () => {
    expect(pluralRule('nplurals=2; plural=alert(1);')(1)).toBe(0);
    expect(pluralRule('nplurals=2; plural=alert(1);')(2)).toBe(1);
    expect(pluralRule('nplurals=2; plural=(n == 1 ? 0 : 1')(5)).toBe(1);
    expect(pluralRule('nplurals=2; plural=n+5;')(1)).toBe(0);
    expect(pluralRule('')(1)).toBe(0);
  });
});

describe('choosing the language', () => {
  it('normalises browser tags to the game languages', () => {
    expect(normalizeLanguage('zh-CN')).toBe('zh_CN');
    expect(normalizeLanguage('zh-Hans')).toBe('zh_CN');
    expect(normalizeLanguage('es-MX')).toBe('es');
    expect(normalizeLanguage('da_DK.UTF-8')).toBe('da');
    expect(normalizeLanguage('LV')).toBe('lv');
    expect(normalizeLanguage('en-GB')).toBe('en');
    expect(normalizeLanguage('fr-FR')).toBeNull();
    expect(normalizeLanguage('')).toBeNull();
  });

  it('prefers the saved choice, then the first browser language spoken, then English', () => {
    expect(pickLanguage('hi', ['es-ES'])).toBe('hi');
    expect(pickLanguage(null, ['fr-FR', 'es-ES', 'da'])).toBe('es');
    expect(pickLanguage('xx', ['de'])).toBe('en');
    expect(pickLanguage(undefined, [])).toBe('en');
  });
});

describe('setLanguage', () => {
  it('fetches /api/catalog/LANG once and puts it in force', async () => {
    const fetcher = vi.fn(async () => new Response(JSON.stringify(catalog('da', { messages: { Join: 'Deltag' } }))));
    await setLanguage('da', fetcher as unknown as typeof fetch);
    expect(fetcher).toHaveBeenCalledWith('/api/catalog/da');
    expect(t('Join')).toBe('Deltag');
    await setLanguage('en', fetcher as unknown as typeof fetch);
    expect(t('Join')).toBe('Join');
    await setLanguage('da', fetcher as unknown as typeof fetch);
    expect(fetcher).toHaveBeenCalledTimes(1);
  });

  it('refuses a catalog the server does not have, leaving the language unchanged', async () => {
    const fetcher = vi.fn(async () => new Response('{"error": "unknown-language"}', { status: 404 }));
    await expect(setLanguage('lv', fetcher as unknown as typeof fetch)).rejects.toThrow('404');
    expect(t('Join')).toBe('Join');
    expect(document.documentElement.lang).toBe('en');
  });
});
