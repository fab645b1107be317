// The lobby: create a room, join one by its code, or pick a listed room.

import { useEffect, useState } from 'preact/hooks';
import { getMeta, listRooms } from '../api';
import { failureText } from '../errors';
import { t, tn } from '../i18n';
import type { ListedRoom, Meta } from '../protocol';
import { linkClick, navigate, normalizeCode } from '../router';
import { CreateForm } from './CreateForm';

function JoinForm() {
  const [code, setCode] = useState('');
  const normalized = normalizeCode(code);
  return (
    <form
      class="panel"
      aria-labelledby="join-title"
      onSubmit={(event) => {
        event.preventDefault();
        if (normalized !== '') navigate(`/r/${normalized}`);
      }}
    >
      <h2 id="join-title">{t('Join a room')}</h2>
      <div class="field">
        <label for="join-code">{t('Room code')}</label>
        <input
          id="join-code"
          data-testid="join-code"
          type="text"
          autoComplete="off"
          autoCapitalize="characters"
          spellcheck={false}
          maxLength={40}
          value={code}
          aria-describedby="join-help"
          onInput={(event) => setCode(event.currentTarget.value)}
        />
        <span class="help" id="join-help">
          {t('The 12-character code from the room link; dashes and spaces are ignored.')}
        </span>
      </div>
      <button type="submit" data-testid="join" class="primary" disabled={normalized === ''}>
        {t('Join')}
      </button>
    </form>
  );
}

function RoomList() {
  const [rooms, setRooms] = useState<ListedRoom[] | null>(null);
  const [problem, setProblem] = useState<string | null>(null);

  async function load(): Promise<void> {
    try {
      setRooms(await listRooms());
      setProblem(null);
    } catch (error) {
      setProblem(failureText(error));
    }
  }

  useEffect(() => {
    void load();
    const timer = setInterval(() => void load(), 15_000);
    return () => clearInterval(timer);
  }, []);

  return (
    <section class="panel" aria-labelledby="rooms-title">
      <h2 id="rooms-title">{t('Rooms waiting for players')}</h2>
      {problem !== null && <p class="error-text">{problem}</p>}
      <ul class="room-list" data-testid="room-list">
        {rooms !== null && rooms.length === 0 && <li class="muted">{t('No listed room is waiting now.')}</li>}
        {(rooms ?? []).map((room) => {
          const names = room.names.filter((name) => name !== '').join(', ');
          return (
            <li key={room.code}>
              <span>
                <span class="code">{room.code}</span>
                <br />
                <span class="muted">
                  {tn('{n} open seat', '{n} open seats', room.open_seats.length)}
                  {names !== '' ? ' · ' + names : ''}
                </span>
              </span>
              <a class="button" href={`/r/${room.code}`} onClick={linkClick(`/r/${room.code}`)}>
                {t('Go to the room')}
                <span class="visually-hidden"> {room.code}</span>
              </a>
            </li>
          );
        })}
      </ul>
      <div class="row" style={{ marginTop: 'var(--space-3)' }}>
        <button type="button" onClick={() => void load()}>
          {t('Refresh the list')}
        </button>
      </div>
    </section>
  );
}

/** The lobby page. */
export function Lobby() {
  const [meta, setMeta] = useState<Meta | null>(null);
  const [problem, setProblem] = useState<string | null>(null);

  useEffect(() => {
    getMeta()
      .then(setMeta)
      .catch((error: unknown) => setProblem(failureText(error)));
  }, []);

  return (
    <div>
      <h1>{t('Play Tractor')}</h1>
      <p class="muted">{t('Create a room, share its link, and fill the empty seats with friends or bots.')}</p>
      <div class="lobby">
        <div>
          {meta !== null ? (
            <CreateForm meta={meta} />
          ) : (
            <section class="panel" aria-busy={problem === null ? 'true' : 'false'}>
              <h2>{t('Create a room')}</h2>
              <p class={problem === null ? 'muted' : 'error-text'}>{problem ?? t('Loading…')}</p>
            </section>
          )}
        </div>
        <div>
          <JoinForm />
          <RoomList />
          <section class="panel" aria-labelledby="replay-title">
            <h2 id="replay-title">{t('Replays')}</h2>
            <p>
              <a href="/replay" onClick={linkClick('/replay')}>
                {t('Open a game record and step through it')}
              </a>
            </p>
          </section>
        </div>
      </div>
    </div>
  );
}
