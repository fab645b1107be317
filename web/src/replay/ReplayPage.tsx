// The replay viewer (/replay?room=CODE, or /replay with a record file to upload): step
// through a finished game trick by trick, forwards and back, with all four hands as the
// server groups them, the trick just won, the trump and the points. Everything shown is
// the server's replay (GET /api/rooms/CODE/replay, POST /api/replays): no rules here.

import { useEffect, useState } from 'preact/hooks';
import { getReplay, postReplay } from '../api';
import { failureText } from '../errors';
import { t } from '../i18n';
import type { Replay } from '../protocol';
import { Alert, Field, helpId } from '../widgets';
import { HandsView, ResultView, SituationView, TrickView } from './parts';
import { stepText } from './steps';

/** The largest record file read (the server takes at most 4 MiB). */
const MAX_RECORD_BYTES = 4 * 1024 * 1024;

function Upload({ onReplay }: { onReplay: (replay: Replay) => void }) {
  const [problem, setProblem] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  async function read(file: File): Promise<void> {
    setProblem(null);
    if (file.size > MAX_RECORD_BYTES) {
      setProblem(t('This file is too large to be a game record (at most 4 MiB).'));
      return;
    }
    setBusy(true);
    try {
      onReplay(await postReplay(await file.text()));
    } catch (error) {
      setProblem(failureText(error));
    } finally {
      setBusy(false);
    }
  }

  return (
    <section class="panel" aria-labelledby="upload-title">
      <h2 id="upload-title">{t('Open a game record')}</h2>
      <Field
        id="replay-upload"
        label={t('Record file')}
        help={t('A record written by a finished room, by tuolaji simulate or by the terminal game.')}
      >
        <input
          id="replay-upload"
          data-testid="replay-upload"
          type="file"
          accept=".json,.jsonl,.txt,application/json"
          aria-describedby={helpId('replay-upload')}
          disabled={busy}
          onChange={(event) => {
            const file = event.currentTarget.files?.[0];
            if (file !== undefined) void read(file);
          }}
        />
      </Field>
      {busy && <p class="muted">{t('Loading…')}</p>}
      <Alert problem={problem} />
    </section>
  );
}

/** Where the viewer stands: a round and a step of it. */
interface Position {
  round: number;
  step: number;
}

/** The step after (`delta` 1) or before (-1) `at`, crossing into the next or the
 * previous round; `at` itself at either end of the game. */
export function move(replay: Replay, at: Position, delta: 1 | -1): Position {
  const steps = replay.rounds[at.round]?.steps.length ?? 0;
  const step = at.step + delta;
  if (step >= 0 && step < steps) return { round: at.round, step };
  const round = at.round + delta;
  const target = replay.rounds[round];
  if (target === undefined || target.steps.length === 0) return at;
  return { round, step: delta === 1 ? 0 : target.steps.length - 1 };
}

function Viewer({ replay }: { replay: Replay }) {
  const [at, setAt] = useState<Position>({ round: 0, step: 0 });
  const round = replay.rounds[at.round];
  const step = round?.steps[at.step];
  const first = move(replay, at, -1) === at;
  const last = move(replay, at, 1) === at;

  useEffect(() => {
    const onKey = (event: KeyboardEvent): void => {
      const target = event.target as HTMLElement | null;
      if (target !== null && ['INPUT', 'SELECT', 'TEXTAREA'].includes(target.tagName)) return;
      if (event.key === 'ArrowRight') {
        setAt((current) => move(replay, current, 1));
        event.preventDefault();
      } else if (event.key === 'ArrowLeft') {
        setAt((current) => move(replay, current, -1));
        event.preventDefault();
      }
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [replay]);

  if (round === undefined || step === undefined) {
    return <p class="muted">{t('This record holds no round to replay.')}</p>;
  }
  return (
    <section aria-labelledby="viewer-title">
      <h2 id="viewer-title" class="visually-hidden">
        {t('Replay')}
      </h2>
      <div class="replay-controls panel">
        <label for="replay-round">{t('Round')}</label>
        <select
          id="replay-round"
          data-testid="replay-round"
          value={String(at.round)}
          onChange={(event) => setAt({ round: Number(event.currentTarget.value), step: 0 })}
        >
          {replay.rounds.map((item, index) => (
            <option key={item.number} value={String(index)}>
              {t('Round {n}', { n: item.number })}
            </option>
          ))}
        </select>
        <button type="button" data-testid="replay-prev" disabled={first} onClick={() => setAt(move(replay, at, -1))}>
          {t('Previous')}
        </button>
        <button type="button" data-testid="replay-next" disabled={last} onClick={() => setAt(move(replay, at, 1))}>
          {t('Next')}
        </button>
        <p data-testid="replay-step" aria-live="polite" style={{ margin: 0 }}>
          {stepText(round, at.step)}
        </p>
      </div>
      <SituationView replay={replay} observation={step.observation} />
      {step.kind === 'trick' && <TrickView replay={replay} observation={step.observation} />}
      {step.kind === 'end' && round.result !== null && <ResultView replay={replay} result={round.result} />}
      <HandsView replay={replay} hands={step.hands} />
    </section>
  );
}

/** The replay page; `room` is the finished room to replay, or null to upload a record. */
export function ReplayPage({ room }: { room: string | null }) {
  const [replay, setReplay] = useState<Replay | null>(null);
  const [problem, setProblem] = useState<string | null>(null);

  useEffect(() => {
    setReplay(null);
    setProblem(null);
    if (room === null) return;
    getReplay(room)
      .then(setReplay)
      .catch((error: unknown) => setProblem(failureText(error)));
  }, [room]);

  return (
    <div>
      <h1>{room === null ? t('Replay a game') : t('Replay of room {code}', { code: room })}</h1>
      {room === null && <Upload onReplay={setReplay} />}
      <Alert problem={problem} />
      {room !== null && replay === null && problem === null && <p class="muted">{t('Loading…')}</p>}
      {replay !== null && <Viewer replay={replay} />}
    </div>
  );
}
