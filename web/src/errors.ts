// The server's error codes (docs/protocol.md: HTTP refusals and WebSocket errors) as
// sentences in the page's language. Only `illegal` refusals come worded by the server
// (in the hello's language); every other message of the server is English, so the page
// words it from the code.

import { ApiError } from './api';
import { t } from './i18n';

/** The sentence for error or notice `code`; `fallback` (the server's words) when the
 * code is unknown. */
export function errorText(code: string, fallback = ''): string {
  switch (code) {
    case 'bad-frame':
      return t('The server did not understand this page. Reload it.');
    case 'hello-first':
      return t('The connection was not set up in time. Reconnecting…');
    case 'bad-token':
      return t('This browser no longer holds a seat in this room. Take a seat or watch.');
    case 'no-spectators':
      return t('This room does not allow spectators.');
    case 'not-seated':
      return t('Spectators cannot play.');
    case 'not-started':
      return t('The game starts when every seat is taken.');
    case 'rate-limited':
      return t('Too many requests: wait a moment and try again.');
    case 'room-closed':
      return t('This room is closed.');
    case 'closed':
      return t('This room was idle for too long and is closed. Its record is kept.');
    case 'restarting':
      return t('The server is restarting: reconnecting in a moment.');
    case 'server-error':
      return t('The server failed. Try again in a moment.');
    case 'no-room':
      return t('No room has this code.');
    case 'no-seat':
      return t('There is no such seat.');
    case 'seat-refused':
      return t('This seat cannot be taken now: someone holds it, or a bot plays it during the round.');
    case 'not-admin':
      return t('Only the creator of the room can seat bots.');
    case 'in-play':
      return t('The record is available once the game is over.');
    case 'bad-request':
      return t('The server refused the form.');
    case 'bad-record':
      return t('This file is not a game record that can be replayed.');
    case 'unknown-language':
      return t('This language is not available.');
    case 'network':
      return t('The server cannot be reached. Check the connection.');
    default:
      return fallback !== '' ? fallback : t('Something went wrong.');
  }
}

/** The sentence for a failed request to the server: its error code's, or the
 * network's when no answer came. */
export function failureText(error: unknown): string {
  return errorText(error instanceof ApiError ? error.code : 'network');
}
