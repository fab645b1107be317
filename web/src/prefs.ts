// The player's preferences and saved seats, in the page's localStorage (design11.md
// "Storage"): tuolaji.prefs, tuolaji.seat.CODE, tuolaji.admin.CODE. Storage may be
// missing or full (private windows): every access falls back quietly.

import { useEffect, useState } from 'preact/hooks';

export interface Prefs {
  /** The chosen language code, or null: the browser's. */
  lang: string | null;
  /** Four-colour deck: ♠ black, ♥ red, ♦ blue, ♣ green. */
  fourColour: boolean;
  /** A sound when it is your turn. */
  sound: boolean;
  /** A mark in the page title when it is your turn. */
  titleMark: boolean;
  /** The name last typed in the lobby. */
  name: string;
}

export interface SavedSeat {
  seat: number;
  token: string;
  name: string;
}

export const PREFS_KEY = 'tuolaji.prefs';
export const DEFAULT_PREFS: Prefs = { lang: null, fourColour: false, sound: true, titleMark: true, name: '' };

function storage(): Storage | null {
  try {
    return typeof localStorage === 'undefined' ? null : localStorage;
  } catch {
    return null; // a browser that forbids storage throws on access
  }
}

function readJson(key: string): unknown {
  const text = storage()?.getItem(key);
  if (text === null || text === undefined) return null;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return null;
  }
}

function writeJson(key: string, value: unknown): void {
  try {
    storage()?.setItem(key, JSON.stringify(value));
  } catch {
    // storage full or forbidden: the preference lasts this page only
  }
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** The saved preferences, each missing or malformed one at its default. */
export function loadPrefs(): Prefs {
  const data = readJson(PREFS_KEY);
  const prefs = { ...DEFAULT_PREFS };
  if (!isRecord(data)) return prefs;
  if (typeof data.lang === 'string') prefs.lang = data.lang;
  if (typeof data.fourColour === 'boolean') prefs.fourColour = data.fourColour;
  if (typeof data.sound === 'boolean') prefs.sound = data.sound;
  if (typeof data.titleMark === 'boolean') prefs.titleMark = data.titleMark;
  if (typeof data.name === 'string') prefs.name = data.name.slice(0, 40);
  return prefs;
}

const listeners = new Set<(prefs: Prefs) => void>();

/** Saves `change` over the current preferences and tells every usePrefs(). */
export function savePrefs(change: Partial<Prefs>): Prefs {
  const prefs = { ...loadPrefs(), ...change };
  writeJson(PREFS_KEY, prefs);
  applyPrefsToDocument(prefs);
  for (const listener of listeners) listener(prefs);
  return prefs;
}

/** Marks the document with the preferences CSS reads (data-four-colour on <html>). */
export function applyPrefsToDocument(prefs: Prefs): void {
  if (typeof document === 'undefined') return;
  document.documentElement.dataset.fourColour = prefs.fourColour ? 'true' : 'false';
}

/** The preferences, re-rendering the component when they change. */
export function usePrefs(): Prefs {
  const [prefs, setPrefs] = useState<Prefs>(loadPrefs);
  useEffect(() => {
    listeners.add(setPrefs);
    return () => {
      listeners.delete(setPrefs);
    };
  }, []);
  return prefs;
}

/** The seat this browser holds in room `code`, if any. */
export function loadSeat(code: string): SavedSeat | null {
  const data = readJson('tuolaji.seat.' + code);
  if (!isRecord(data)) return null;
  const { seat, token, name } = data;
  if (typeof seat !== 'number' || !Number.isInteger(seat) || seat < 0 || seat > 3) return null;
  if (typeof token !== 'string' || token === '') return null;
  return { seat, token, name: typeof name === 'string' ? name : '' };
}

/** Remembers the seat this browser took in room `code` (the token is the seat). */
export function saveSeat(code: string, seat: SavedSeat): void {
  writeJson('tuolaji.seat.' + code, seat);
}

/** Forgets the seat of room `code` (its token was refused). */
export function forgetSeat(code: string): void {
  try {
    storage()?.removeItem('tuolaji.seat.' + code);
  } catch {
    // nothing to forget
  }
}

/** The admin token of room `code` (this browser created it), if any. */
export function loadAdminToken(code: string): string | null {
  try {
    return storage()?.getItem('tuolaji.admin.' + code) ?? null;
  } catch {
    return null;
  }
}

/** Remembers the admin token of a room this browser created. */
export function saveAdminToken(code: string, token: string): void {
  try {
    storage()?.setItem('tuolaji.admin.' + code, token);
  } catch {
    // the admin page lasts this page only
  }
}
