// The lobby's first offer: one button that starts a game against three bots at once,
// with the default rules, and says under which name you will sit.

import { useMemo, useState } from 'preact/hooks';
import { failureText } from '../errors';
import { t } from '../i18n';
import { Alert } from '../widgets';
import { createAndSit, playingName, QUICK_SEAT, quickGameBody, seedFromUrl } from './create';

export interface QuickPlayProps {
  /** The name typed in the room settings (or saved), maybe empty. */
  name: string;
  /** Shows where to change the name (the room settings' name field). */
  onChangeName: () => void;
}

/** "Play now": a room with you and three bots, your seat taken, the table opened. */
export function QuickPlay({ name, onChangeName }: QuickPlayProps) {
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const seed = useMemo(seedFromUrl, []);
  const playing = playingName(name);

  async function start(): Promise<void> {
    if (busy) return;
    setBusy(true);
    setProblem(null);
    try {
      await createAndSit(quickGameBody(playing, seed), QUICK_SEAT, playing);
    } catch (error) {
      setProblem(failureText(error));
      setBusy(false);
    }
  }

  return (
    <section class="panel quick-play" aria-labelledby="quick-play-title">
      <h2 id="quick-play-title" class="visually-hidden">
        {t('A quick game')}
      </h2>
      <button
        type="button"
        class="primary play-now"
        data-testid="play-now"
        disabled={busy}
        aria-describedby="quick-play-help"
        onClick={() => void start()}
      >
        {busy ? t('Starting the game…') : t('Play now')}
      </button>
      <div class="quick-play-text">
        <p id="quick-play-help">
          {t('You and three heuristic bots, standard rules, no clock.')}
        </p>
        <p class="muted">
          {t('You play as {name}.', { name: playing })}{' '}
          <button type="button" class="link-button" data-testid="change-name" onClick={onChangeName}>
            {t('Change the name')}
          </button>
        </p>
      </div>
      <Alert problem={problem} />
    </section>
  );
}
