// The page: a header (home link, W2's settings with the language switch) and the page of
// the current route. The replay viewer is loaded only when opened (a separate chunk),
// to keep the first download small.

import type { ComponentType } from 'preact';
import { useEffect, useState } from 'preact/hooks';
import { t, useLanguage } from './i18n';
import { Lobby } from './lobby/Lobby';
import { RoomPage } from './room/RoomPage';
import { linkClick, useRoute, type Route } from './router';
import { Settings } from './table/Settings';
import { markedTitle, TITLE_MARK } from './table/turnSignals';

type ReplayPageType = ComponentType<{ room: string | null }>;

function LazyReplay({ room }: { room: string | null }) {
  const [Page, setPage] = useState<ReplayPageType | null>(null);
  const [failed, setFailed] = useState(false);
  useEffect(() => {
    import('./replay/ReplayPage')
      .then((module) => setPage(() => module.ReplayPage))
      .catch(() => setFailed(true));
  }, []);
  if (failed) return <p class="error-text">{t('The replay viewer could not be loaded. Reload the page.')}</p>;
  if (Page === null) return <p class="muted">{t('Loading…')}</p>;
  return <Page room={room} />;
}

function pageTitle(route: Route): string {
  switch (route.page) {
    case 'room':
      return t('Room {code}', { code: route.code });
    case 'replay':
      return t('Replay');
    default:
      return t('Tractor');
  }
}

function Page({ route }: { route: Route }) {
  switch (route.page) {
    case 'lobby':
      return <Lobby />;
    case 'room':
      return <RoomPage key={route.code} code={route.code} />;
    case 'replay':
      return <LazyReplay room={route.room} />;
    default:
      return (
        <div>
          <h1>{t('This page does not exist')}</h1>
          <p>
            <a href="/" onClick={linkClick('/')}>
              {t('Go to the lobby')}
            </a>
          </p>
        </div>
      );
  }
}

/** The whole page. */
export function App() {
  // re-render everything when the language changes
  const lang = useLanguage();
  const route = useRoute();
  useEffect(() => {
    // the table may add a turn mark in front: keep it, change the rest
    const marked = document.title.startsWith(TITLE_MARK);
    document.title = markedTitle(`${pageTitle(route)} · tuolaji`, marked);
  }, [route, lang]);
  return (
    <>
      <a class="skip-link" href="#main">
        {t('Skip to the content')}
      </a>
      <header class="app-header">
        <a class="brand" href="/" onClick={linkClick('/')}>
          {t('Tractor')}
        </a>
        <Settings />
      </header>
      <main id="main" class="app-main">
        <Page route={route} />
      </main>
    </>
  );
}
