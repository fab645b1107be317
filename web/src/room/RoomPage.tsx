// A room's page (/r/CODE): its code and share link, the seats to take or a place to
// watch, the creator's "put a bot in this seat", then the table once seated or watching
// (which shows the code and the link itself).

import { useEffect, useState } from 'preact/hooks';
import { getRoom, seatBot } from '../api';
import { errorText, failureText } from '../errors';
import { t } from '../i18n';
import { playerLabel } from '../lobby/CreateForm';
import { loadAdminToken, loadPrefs, loadSeat } from '../prefs';
import type { RoomInfo } from '../protocol';
import { displayName, pointOfView, positionWord } from '../table/seating';
import { TableView } from '../table/TableView';
import { Alert, Field, NameField, ReplayLink } from '../widgets';
import { takeAndKeepSeat } from './seats';
import { RoomRules, useMeta } from './RoomRules';
import { ShareBox } from './ShareBox';
import { useRoom } from './store';

const BOTS = ['heuristic', 'random', 'search'];

/** The words for a room's status. */
function statusText(room: RoomInfo): string {
  switch (room.status) {
    case 'waiting':
      return t('Waiting for players');
    case 'playing':
      return t('Playing');
    case 'finished':
      return t('Game over');
    default:
      return t('Closed');
  }
}

/** The creator's controls: a bot for each open seat, before the game starts. */
function BotSeating({
  room,
  onRoom,
  viewer = null,
}: {
  room: RoomInfo;
  onRoom: (room: RoomInfo) => void;
  /** The creator's own seat once seated: seats are then named by their place too. */
  viewer?: number | null;
}) {
  const admin = loadAdminToken(room.code);
  const [bot, setBot] = useState('heuristic');
  const [problem, setProblem] = useState<string | null>(null);
  const open = room.seats.filter((seat) => seat.player === 'human' && !seat.taken);
  if (admin === null || room.status !== 'waiting' || open.length === 0) return null;

  async function seat(number: number): Promise<void> {
    if (admin === null) return;
    try {
      onRoom(await seatBot(room.code, number, bot, admin));
      setProblem(null);
    } catch (error) {
      setProblem(failureText(error));
    }
  }

  return (
    <section class="panel" aria-labelledby="bots-title">
      <h2 id="bots-title">{t('Fill open seats with bots')}</h2>
      <Field id="bot-kind" label={t('Bot')}>
        <select id="bot-kind" data-testid="bot-kind" value={bot} onChange={(event) => setBot(event.currentTarget.value)}>
          {BOTS.map((kind) => (
            <option key={kind} value={kind}>
              {playerLabel(kind)}
            </option>
          ))}
        </select>
      </Field>
      <div class="row">
        {open.map((info) => (
          <button type="button" key={info.seat} data-testid={`seat-bot-${info.seat}`} onClick={() => void seat(info.seat)}>
            {viewer === null
              ? t('Put a bot in seat {n}', { n: info.seat })
              : t('Put a bot in seat {n} ({place})', {
                  n: info.seat,
                  place: positionWord(pointOfView(viewer, room), info.seat),
                })}
          </button>
        ))}
      </div>
      <Alert problem={problem} />
    </section>
  );
}

/** The seats to take, and watching, for a visitor who holds no seat here. */
function SeatChoice({
  room,
  onSeated,
  onWatch,
  onRoom,
  notice,
}: {
  room: RoomInfo;
  onSeated: () => void;
  onWatch: () => void;
  onRoom: (room: RoomInfo) => void;
  notice: string | null;
}) {
  const [name, setName] = useState(() => loadPrefs().name);
  const [problem, setProblem] = useState<string | null>(null);
  const over = room.status === 'finished' || room.status === 'closed';

  async function take(seat: number): Promise<void> {
    try {
      const taken = await takeAndKeepSeat(room.code, seat, name);
      onRoom(taken.room);
      onSeated();
    } catch (error) {
      setProblem(failureText(error));
      try {
        onRoom(await getRoom(room.code));
      } catch {
        // the old seats stay shown
      }
    }
  }

  return (
    <section class="panel" aria-labelledby="seats-title">
      <h2 id="seats-title">{t('Take a seat')}</h2>
      <Alert problem={notice} />
      <p class="muted">
        {statusText(room)} · {t('Seats 0 and 2 are partners, as are seats 1 and 3.')}
      </p>
      {!over && <NameField value={name} onInput={setName} />}
      <ul class="seat-choice">
        {room.seats.map((seat) => {
          const open = !over && seat.player === 'human' && !seat.taken;
          return (
            <li key={seat.seat}>
              <strong>{t('Seat {n}', { n: seat.seat })}</strong>
              <span>{displayName(room.seats, seat.seat)}</span>
              {open && (
                <button type="button" class="primary" data-testid={`take-seat-${seat.seat}`} onClick={() => void take(seat.seat)}>
                  {t('Take seat {n}', { n: seat.seat })}
                </button>
              )}
            </li>
          );
        })}
      </ul>
      <div class="row" style={{ marginTop: 'var(--space-3)' }}>
        {room.spectators ? (
          <button type="button" data-testid="watch" onClick={onWatch}>
            {t('Watch the game')}
          </button>
        ) : (
          <p class="muted">{t('This room does not allow spectators.')}</p>
        )}
        {over && <ReplayLink code={room.code} />}
      </div>
      <Alert problem={problem} />
    </section>
  );
}

/** The table of a seated player or a spectator, over the room's connection. */
function LiveTable({ code, onLost }: { code: string; onLost: (why: string) => void }) {
  const { view, actions } = useRoom(code);
  const problem = view.problem;
  useEffect(() => {
    if (problem === 'bad-token' || problem === 'no-spectators') onLost(problem);
  }, [problem]);
  const [room, setRoom] = useState<RoomInfo | null>(null);
  const shown = view.room ?? room;
  return (
    <>
      <h1 class="visually-hidden">{t('Room {code}', { code })}</h1>
      {/* the table shows the room code and the link to share (ShareBox) all along */}
      {shown !== null && shown.status === 'waiting' && <BotSeating room={shown} onRoom={setRoom} viewer={view.seat} />}
      <Alert problem={problem !== null && problem !== 'bad-token' ? errorText(problem) : null} />
      <TableView view={view} actions={actions} />
    </>
  );
}

/** The page of room `code`. */
export function RoomPage({ code }: { code: string }) {
  const [room, setRoom] = useState<RoomInfo | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [mode, setMode] = useState<'choose' | 'play'>(() => (loadSeat(code) !== null ? 'play' : 'choose'));
  const [notice, setNotice] = useState<string | null>(null);
  const meta = useMeta();

  useEffect(() => {
    setMode(loadSeat(code) !== null ? 'play' : 'choose');
    setRoom(null);
    setProblem(null);
  }, [code]);

  useEffect(() => {
    if (mode !== 'choose') return;
    let live = true;
    async function load(): Promise<void> {
      try {
        const info = await getRoom(code);
        if (live) {
          setRoom(info);
          setProblem(null);
        }
      } catch (error) {
        if (live) setProblem(failureText(error));
      }
    }
    void load();
    // the seats change as others take them
    const timer = setInterval(() => void load(), 5000);
    return () => {
      live = false;
      clearInterval(timer);
    };
  }, [code, mode]);

  if (mode === 'play') {
    return (
      <LiveTable
        code={code}
        onLost={(why) => {
          setNotice(errorText(why));
          setMode('choose');
        }}
      />
    );
  }
  return (
    <div>
      <h1>{t('Room {code}', { code })}</h1>
      <Alert problem={problem} />
      {room === null && problem === null && <p class="muted">{t('Loading…')}</p>}
      {room !== null && (
        <>
          <ShareBox code={code} />
          <RoomRules rules={room.rules} meta={meta} open />
          <SeatChoice
            room={room}
            notice={notice}
            onRoom={setRoom}
            onSeated={() => setMode('play')}
            onWatch={() => setMode('play')}
          />
          <BotSeating room={room} onRoom={setRoom} />
        </>
      )}
    </div>
  );
}
