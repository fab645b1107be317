// The page's routes, with the history API: `/` the lobby, `/r/CODE` a room, `/replay`
// (`?room=CODE`) the replay viewer.

import { useEffect, useState } from 'preact/hooks';

export type Route =
  | { page: 'lobby' }
  | { page: 'room'; code: string }
  | { page: 'replay'; room: string | null }
  | { page: 'missing' };

/** A room code as the server writes it: capitals, no spaces or dashes. */
export function normalizeCode(text: string): string {
  return text.replace(/[\s-]+/g, '').toUpperCase();
}

/** The route of a path and query string. */
export function parseRoute(pathname: string, search = ''): Route {
  if (pathname === '/' || pathname === '') return { page: 'lobby' };
  const room = /^\/r\/([^/]+)\/?$/.exec(pathname);
  if (room?.[1] !== undefined) return { page: 'room', code: normalizeCode(decodeURIComponent(room[1])) };
  if (/^\/replay\/?$/.test(pathname)) {
    const code = new URLSearchParams(search).get('room');
    return { page: 'replay', room: code === null || code === '' ? null : normalizeCode(code) };
  }
  return { page: 'missing' };
}

/** The replay viewer's address for room `code`. */
export function replayPath(code: string): string {
  return `/replay?room=${encodeURIComponent(code)}`;
}

const listeners = new Set<() => void>();

/** Goes to `path` without reloading the page. */
export function navigate(path: string, replace = false): void {
  if (replace) history.replaceState(null, '', path);
  else history.pushState(null, '', path);
  for (const listener of listeners) listener();
}

/** The current route, following navigate() and the back/forward buttons. */
export function useRoute(): Route {
  const read = (): Route => parseRoute(location.pathname, location.search);
  const [route, setRoute] = useState<Route>(read);
  useEffect(() => {
    const update = (): void => setRoute(read());
    listeners.add(update);
    window.addEventListener('popstate', update);
    return () => {
      listeners.delete(update);
      window.removeEventListener('popstate', update);
    };
  }, []);
  return route;
}

/** A click handler for links inside the page: navigate without a reload (plain
 * clicks only; a new tab or window keeps the browser's way). */
export function linkClick(path: string) {
  return (event: MouseEvent): void => {
    if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
    event.preventDefault();
    navigate(path);
  };
}
