// The lobby: a quick game against three bots in one click, first; under it the room
// settings, folded (a room of your own rules, seats for friends, a clock), joining a room
// by its code, the listed rooms that wait for players, and the replays.

import { useEffect, useState } from 'preact/hooks';
import { getMeta, listRooms } from '../api';
import { failureText } from '../errors';
import { t, tc, tn } from '../i18n';
import { loadPrefs } from '../prefs';
import type { ListedRoom, Meta, SeatInfo } from '../protocol';
import { displayName, ownName } from '../table/seating';
import { linkClick, navigate, normalizeCode } from '../router';
import { CreateForm } from './CreateForm';
import { Disclosure } from './Disclosure';
import { QuickPlay } from './QuickPlay';
import { RoomRules } from '../room/RoomRules';
import '../styles/lobby.css';

/** The id of the room settings' folding part. */
const SETTINGS_ID = 'room-settings-body';

/** The seats of a listed room, as a room frame would give them. */
function listedSeats(room: ListedRoom): SeatInfo[] {
  return room.players.map((player, seat) => ({
    seat,
    player,
    name: room.names[seat] ?? '',
    taken: player !== 'human' || !room.open_seats.includes(seat),
    connected: false,
    away: false,
  }));
}

/** Who sits at a listed room, or has a seat kept under their name, named as its table
 * names them ("Ana, Bot 1 (heuristic)"); its open seats are counted apart. */
export function seatedNames(room: ListedRoom): string {
  const seats = listedSeats(room);
  return seats
    .filter((seat) => !room.open_seats.includes(seat.seat) || ownName(seat) !== '')
    .map((seat) => displayName(seats, seat.seat))
    .join(tc('list separator', ', '));
}

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

function RoomList({ meta }: { meta: Meta | null }) {
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
          const names = seatedNames(room);
          return (
            <li key={room.code}>
              <span>
                <span class="code">{room.code}</span>
                <br />
                <span class="muted">
                  {tn('{n} open seat', '{n} open seats', room.open_seats.length)}
                  {names !== '' ? ' · ' + names : ''}
                </span>
                <RoomRules rules={room.rules} meta={meta} />
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
  const [name, setName] = useState(() => loadPrefs().name);
  const [settingsOpen, setSettingsOpen] = useState(false);
  const [focusName, setFocusName] = useState(false);

  useEffect(() => {
    getMeta()
      .then(setMeta)
      .catch((error: unknown) => setProblem(failureText(error)));
  }, []);

  // "Change the name" opens the settings, then puts the focus in the name field
  useEffect(() => {
    if (!focusName || !settingsOpen) return;
    const field = document.getElementById('your-name');
    if (field !== null) {
      field.focus();
      setFocusName(false);
    }
  }, [focusName, settingsOpen, meta]);

  return (
    <div class="lobby-page">
      <h1>{t('Play Tractor')}</h1>
      <QuickPlay
        name={name}
        onChangeName={() => {
          setSettingsOpen(true);
          setFocusName(true);
        }}
      />
      <div class="lobby">
        <div>
          <Disclosure
            id={SETTINGS_ID}
            title={t('Room settings')}
            summary={t('Your own room: the rules, friends or bots in each seat, a clock, spectators; share its link.')}
            open={settingsOpen}
            onToggle={setSettingsOpen}
            testId="room-settings"
          >
            {meta !== null ? (
              <CreateForm meta={meta} name={name} onName={setName} />
            ) : (
              <p class={problem === null ? 'muted' : 'error-text'} aria-busy={problem === null ? 'true' : 'false'}>
                {problem ?? t('Loading…')}
              </p>
            )}
          </Disclosure>
        </div>
        <div>
          <JoinForm />
          <RoomList meta={meta} />
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
