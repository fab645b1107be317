// Telling the player it is their turn when they look elsewhere: a short beep (WebAudio,
// no sound file) and a mark in the page's title ("● "), each of which the settings can
// turn off.

import { useEffect } from 'preact/hooks';

/** The mark put before the title while it is the player's turn. */
export const TITLE_MARK = '● ';

/** `title` with the turn mark, or without it. */
export function markedTitle(title: string, mark: boolean): string {
  const plain = title.startsWith(TITLE_MARK) ? title.slice(TITLE_MARK.length) : title;
  return mark ? TITLE_MARK + plain : plain;
}

let audio: AudioContext | null = null;

/** A short, soft beep; silently nothing where audio is unavailable or not yet allowed. */
export function beep(): void {
  try {
    const legacy = globalThis as unknown as { webkitAudioContext?: typeof AudioContext };
    const Context = globalThis.AudioContext ?? legacy.webkitAudioContext;
    if (Context === undefined) return;
    audio ??= new Context();
    if (audio.state === 'suspended') void audio.resume();
    const oscillator = audio.createOscillator();
    const gain = audio.createGain();
    oscillator.type = 'sine';
    oscillator.frequency.value = 880;
    const start = audio.currentTime;
    gain.gain.setValueAtTime(0.0001, start);
    gain.gain.exponentialRampToValueAtTime(0.15, start + 0.02);
    gain.gain.exponentialRampToValueAtTime(0.0001, start + 0.25);
    oscillator.connect(gain).connect(audio.destination);
    oscillator.start(start);
    oscillator.stop(start + 0.3);
  } catch {
    // no sound: the title mark and the page still say it
  }
}

/** Beeps when the player's turn starts (if `sound`) and marks the title while it lasts
 * (if `titleMark`). */
export function useTurnSignals(myTurn: boolean, sound: boolean, titleMark: boolean): void {
  useEffect(() => {
    if (myTurn && sound) beep();
  }, [myTurn]);
  useEffect(() => {
    if (typeof document === 'undefined') return undefined;
    document.title = markedTitle(document.title, myTurn && titleMark);
    return () => {
      document.title = markedTitle(document.title, false);
    };
  }, [myTurn, titleMark]);
}
