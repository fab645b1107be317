// Taking a seat from this browser: the name as it is sent (a label, trimmed), and once
// the seat is taken its token kept in the page's storage (for reconnecting) and the
// name kept in the preferences (for next time).

import { takeSeat } from '../api';
import { savePrefs, saveSeat } from '../prefs';
import type { TakenSeat } from '../protocol';

/** The longest name the server takes. */
export const NAME_MAX_LENGTH = 40;

/** A typed name as it is sent: no spaces around it, at most NAME_MAX_LENGTH characters. */
export function nameLabel(typed: string): string {
  return typed.trim().slice(0, NAME_MAX_LENGTH);
}

/** Takes seat `seat` of room `code` under the name `typed` and keeps it in this browser. */
export async function takeAndKeepSeat(code: string, seat: number, typed: string): Promise<TakenSeat> {
  const name = nameLabel(typed);
  const taken = await takeSeat(code, seat, name);
  saveSeat(code, { seat: taken.seat, token: taken.token, name });
  savePrefs({ name });
  return taken;
}
