// The lobby's form that creates a room (the room settings): the rules (RuleSettings: a
// preset and every rule option of /api/meta, grouped), who plays each seat, your seat and
// name, the clock, spectators, listed, round limit. It sends only the options that differ
// from the preset; the server's refusal of the rules is shown next to the option it
// names. Creating takes your seat and goes to the room.

import { useMemo, useState } from 'preact/hooks';
import { ApiError } from '../api';
import { failureText } from '../errors';
import { t, tn } from '../i18n';
import type { CreateRoomBody, Meta } from '../protocol';
import { Alert, CheckField, Field, helpId, NameField } from '../widgets';
import { createAndSit, DEFAULT_BOT, playingName, seedFromUrl } from './create';
import { RuleSettings } from './RuleSettings';
import { allProblems, changedRules, presetValues, type Drafts } from './ruleValues';

/** The words for a kind of player ("human" is an open seat for a person). */
export function playerLabel(player: string): string {
  switch (player) {
    case 'human':
      return t('Open seat (a person)');
    case 'random':
      return t('Random bot');
    case 'heuristic':
      return t('Heuristic bot');
    case 'search':
      return t('Search bot');
    default:
      return player;
  }
}

export interface CreateFormProps {
  meta: Meta;
  /** Your name as typed (shared with the quick game's button). */
  name: string;
  onName: (name: string) => void;
}

/** The form that creates a room and seats you in it. */
export function CreateForm({ meta, name, onName }: CreateFormProps) {
  const presets = Object.keys(meta.presets);
  const [preset, setPreset] = useState(presets.includes('standard') ? 'standard' : (presets[0] ?? 'standard'));
  const [options, setOptions] = useState<Drafts>(() => presetValues(meta, preset));
  // the server's refusal of the rules: the control it names ("preset" for the whole)
  const [refused, setRefused] = useState<{ key: string; message: string } | null>(null);
  const [plan, setPlan] = useState<string[]>(['human', DEFAULT_BOT, DEFAULT_BOT, DEFAULT_BOT]);
  const [yourSeat, setYourSeat] = useState(0);
  const [clock, setClock] = useState('');
  const [roundLimit, setRoundLimit] = useState('');
  const [spectators, setSpectators] = useState(true);
  const [listed, setListed] = useState(false);
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const players = meta.players.length > 0 ? meta.players : ['human', 'random', 'heuristic', 'search'];
  const seed = useMemo(seedFromUrl, []);

  const clockValue = clock.trim() === '' ? null : Number(clock);
  const clockBad =
    clockValue !== null && (!Number.isFinite(clockValue) || clockValue < meta.clock.min || clockValue > meta.clock.max);
  const limitValue = roundLimit.trim() === '' ? null : Number(roundLimit);
  const limitBad = limitValue !== null && (!Number.isInteger(limitValue) || limitValue < 1 || limitValue > 1000);

  const ruleProblems = allProblems(meta, options);
  const rulesBad = Object.keys(ruleProblems).length > 0;
  const problems = refused === null ? ruleProblems : { ...ruleProblems, [refused.key]: refused.message };

  function choosePreset(next: string): void {
    setPreset(next);
    setOptions(presetValues(meta, next));
    setRefused(null);
  }

  async function submit(event: Event): Promise<void> {
    event.preventDefault();
    if (busy || clockBad || limitBad || rulesBad) return;
    setBusy(true);
    setProblem(null);
    const trimmed = playingName(name);
    const body: CreateRoomBody = {
      rules: changedRules(meta, preset, options),
      // your own seat is always a person's: yours
      seats: plan.map((player, seat) =>
        seat === yourSeat ? { player: 'human', name: trimmed } : { player },
      ),
      clock_s: clockValue,
      spectators,
      listed,
      round_limit: limitValue,
    };
    if (seed !== null) body.seed = seed;
    try {
      await createAndSit(body, yourSeat, trimmed);
    } catch (error) {
      const known = meta.options.some((option) => option.name === (error as ApiError).option);
      if (error instanceof ApiError && error.option !== null) {
        // refused rules: the message (in the page's language) goes next to its option
        setRefused({ key: known ? error.option : 'preset', message: error.message });
        setProblem(t('The server refused these rules: see the option marked.'));
      } else {
        const detail = error instanceof ApiError && error.code === 'bad-request' ? ` (${error.message})` : '';
        setProblem(failureText(error) + detail);
      }
      setBusy(false);
    }
  }

  return (
    <form data-testid="create-form" class="create-form" onSubmit={(event) => void submit(event)} aria-label={t('Create a room')}>

      <RuleSettings
        meta={meta}
        preset={preset}
        values={options}
        problems={problems}
        onPreset={choosePreset}
        onValue={(name, value) => {
          setOptions({ ...options, [name]: value });
          if (refused !== null && (refused.key === name || refused.key === 'preset')) setRefused(null);
        }}
        onReset={() => {
          setOptions(presetValues(meta, preset));
          setRefused(null);
        }}
      />

      <fieldset>
        <legend>{t('Seats')}</legend>
        <p class="help muted">{t('Seats 0 and 2 are partners, as are seats 1 and 3.')}</p>
        <div class="grid-2">
          {plan.map((player, seat) => (
            <Field key={seat} id={`seat-plan-${seat}`} label={t('Seat {n}', { n: seat })}>
              <select
                id={`seat-plan-${seat}`}
                data-testid={`seat-plan-${seat}`}
                value={player}
                aria-describedby={seat === yourSeat ? helpId('your-seat') : undefined}
                onChange={(event) => {
                  const next = [...plan];
                  next[seat] = event.currentTarget.value;
                  setPlan(next);
                }}
              >
                {players.map((kind) => (
                  <option key={kind} value={kind}>
                    {playerLabel(kind)}
                  </option>
                ))}
              </select>
            </Field>
          ))}
        </div>
        <div class="grid-2">
          <Field id="your-seat" label={t('Your seat')} help={t('Your seat is always played by you.')}>
            <select
              id="your-seat"
              data-testid="your-seat"
              value={String(yourSeat)}
              aria-describedby={helpId('your-seat')}
              onChange={(event) => {
                const seat = Number(event.currentTarget.value);
                setYourSeat(seat);
                // the seat you take is a person's: yours
                setPlan(plan.map((player, index) => (index === seat ? 'human' : player)));
              }}
            >
              {[0, 1, 2, 3].map((seat) => (
                <option key={seat} value={String(seat)}>
                  {t('Seat {n}', { n: seat })}
                </option>
              ))}
            </select>
          </Field>
          <NameField value={name} onInput={onName} help={t('A label shown beside your seat; it is not an identity.')} />
        </div>
      </fieldset>

      <fieldset>
        <legend>{t('Room')}</legend>
        <div class="grid-2">
          <Field
            id="clock"
            label={t('Seconds per decision')}
            helpClass={clockBad ? 'help error-text' : 'help'}
            help={t('Empty: no clock. Otherwise from {min} to {max} seconds.', { min: meta.clock.min, max: meta.clock.max })}
          >
            <input
              id="clock"
              data-testid="clock"
              type="number"
              inputMode="numeric"
              min={meta.clock.min}
              max={meta.clock.max}
              placeholder={t('No clock')}
              value={clock}
              aria-invalid={clockBad ? 'true' : 'false'}
              aria-describedby={helpId('clock')}
              onInput={(event) => setClock(event.currentTarget.value)}
            />
          </Field>
          <Field
            id="round-limit"
            label={t('Rounds to play')}
            helpClass={limitBad ? 'help error-text' : 'help'}
            help={
              limitValue !== null && !limitBad
                ? tn('The game ends after {n} round.', 'The game ends after {n} rounds.', limitValue)
                : t('Empty: play until a team passes the Ace.')
            }
          >
            <input
              id="round-limit"
              data-testid="round-limit"
              type="number"
              inputMode="numeric"
              min={1}
              max={1000}
              placeholder={t('A whole game')}
              value={roundLimit}
              aria-invalid={limitBad ? 'true' : 'false'}
              aria-describedby={helpId('round-limit')}
              onInput={(event) => setRoundLimit(event.currentTarget.value)}
            />
          </Field>
        </div>
        <CheckField
          id="spectators"
          label={t('Allow spectators')}
          help={t('Anyone with the link may watch; spectators never see a hand.')}
          checked={spectators}
          onChange={setSpectators}
        />
        <CheckField
          id="listed"
          label={t('List this room in the lobby')}
          help={t('Listed rooms that wait for players are shown to everyone on this server.')}
          checked={listed}
          onChange={setListed}
        />
      </fieldset>

      <Alert problem={problem} />
      <button type="submit" class="primary" data-testid="create-room" disabled={busy || clockBad || limitBad || rulesBad}>
        {busy ? t('Creating the room…') : t('Create the room and take my seat')}
      </button>
    </form>
  );
}
