// The lobby's form that creates a room (the room settings): rules preset and every rule
// option (from /api/meta, each with its one-line explanation), who plays each seat, your
// seat and name, the clock, spectators, listed, round limit. Creating takes your seat and
// goes to the room.

import { useMemo, useState } from 'preact/hooks';
import { ApiError } from '../api';
import { failureText } from '../errors';
import { t, tn } from '../i18n';
import type { CreateRoomBody, Meta, MetaOption } from '../protocol';
import { Alert, CheckField, Field, helpId, NameField } from '../widgets';
import { createAndSit, DEFAULT_BOT, playingName, seedFromUrl } from './create';

type OptionValue = boolean | number | string;

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

function presetLabel(preset: string): string {
  switch (preset) {
    case 'standard':
      return t('Standard');
    case 'classic':
      return t('Classic');
    case 'shengji':
      // TRANSLATORS: the rule preset of shengji.io's defaults (a site's name: keep it)
      return t('As on shengji.io');
    default:
      return preset;
  }
}

/** The option values of `preset`: the meta's preset over the first preset's values. */
function presetValues(meta: Meta, preset: string): Record<string, OptionValue> {
  const base = meta.presets.standard ?? Object.values(meta.presets)[0] ?? {};
  return { ...base, ...(meta.presets[preset] ?? {}) };
}

function OptionInput({
  option,
  value,
  onChange,
}: {
  option: MetaOption;
  value: OptionValue | undefined;
  onChange: (value: OptionValue) => void;
}) {
  const id = `option-${option.name}`;
  // the labels are the server's msgids (rule_options.py), translated by the catalog
  const label = t(option.label);
  const help = t(option.help);
  if (option.kind === 'bool') {
    return <CheckField id={id} label={label} help={help} checked={value === true} onChange={onChange} />;
  }
  if (option.kind === 'choice') {
    return (
      <Field id={id} label={label} help={help}>
        <select
          id={id}
          data-testid={id}
          value={String(value ?? '')}
          aria-describedby={helpId(id)}
          onChange={(event) => onChange(event.currentTarget.value)}
        >
          {(option.choices ?? []).map((choice) => (
            <option key={choice.value} value={choice.value}>
              {t(choice.label)}
            </option>
          ))}
        </select>
      </Field>
    );
  }
  return (
    <Field id={id} label={label} help={help}>
      <input
        type="number"
        id={id}
        data-testid={id}
        inputMode="numeric"
        min={option.min}
        max={option.max}
        step={1}
        value={typeof value === 'number' ? String(value) : ''}
        aria-describedby={helpId(id)}
        onInput={(event) => {
          const number = Number(event.currentTarget.value);
          if (event.currentTarget.value !== '' && Number.isFinite(number)) onChange(number);
        }}
      />
    </Field>
  );
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
  const [options, setOptions] = useState<Record<string, OptionValue>>(() => presetValues(meta, preset));
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

  function choosePreset(next: string): void {
    setPreset(next);
    setOptions(presetValues(meta, next));
  }

  async function submit(event: Event): Promise<void> {
    event.preventDefault();
    if (busy || clockBad || limitBad) return;
    setBusy(true);
    setProblem(null);
    const trimmed = playingName(name);
    const body: CreateRoomBody = {
      rules: { preset, ...options },
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
      const detail = error instanceof ApiError && error.code === 'bad-request' ? ` (${error.message})` : '';
      setProblem(failureText(error) + detail);
      setBusy(false);
    }
  }

  return (
    <form data-testid="create-form" class="create-form" onSubmit={(event) => void submit(event)} aria-label={t('Create a room')}>

      <fieldset>
        <legend>{t('Rules')}</legend>
        <Field
          id="preset"
          label={t('Rules preset')}
          help={t('A preset sets every option below; change any of them afterwards.')}
        >
          <select
            id="preset"
            data-testid="preset"
            value={preset}
            aria-describedby={helpId('preset')}
            onChange={(event) => choosePreset(event.currentTarget.value)}
          >
            {presets.map((name) => (
              <option key={name} value={name}>
                {presetLabel(name)}
              </option>
            ))}
          </select>
        </Field>
        {meta.options.map((option) => (
          <OptionInput
            key={option.name}
            option={option}
            value={options[option.name]}
            onChange={(value) => setOptions({ ...options, [option.name]: value })}
          />
        ))}
      </fieldset>

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
      <button type="submit" class="primary" data-testid="create-room" disabled={busy || clockBad || limitBad}>
        {busy ? t('Creating the room…') : t('Create the room and take my seat')}
      </button>
    </form>
  );
}
