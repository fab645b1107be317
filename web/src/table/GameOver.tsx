// The end of the game: who won, a rematch (a new room with the same rules and seats,
// the player in the same seat) and the way to the game's replay.

import { useState } from 'preact/hooks';
import { ApiError } from '../api';
import { errorText } from '../errors';
import { t } from '../i18n';
import { Alert, ReplayLink } from '../widgets';
import { gameOverText } from './narrate';
import type { PointOfView } from './seating';

export interface GameOverProps {
  pov: PointOfView;
  code: string;
  /** The winning team, or null when the game stopped at its round limit. */
  winner: number | null;
  /** The rematch room's code, once someone made one. */
  rematch: string | null;
  onRematch: () => Promise<void>;
}

/** The game-over panel. */
export function GameOver({ pov, code, winner, rematch, onRematch }: GameOverProps) {
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const watching = pov.viewer === null;
  const ask = (): void => {
    setBusy(true);
    setProblem(null);
    onRematch().then(
      () => setBusy(false),
      (error: unknown) => {
        setBusy(false);
        setProblem(error instanceof ApiError ? errorText(error.code, error.message) : errorText('network'));
      },
    );
  };
  return (
    <section class="game-over" data-testid="game-over" aria-labelledby="game-over-title">
      <h2 id="game-over-title">{winner === null ? t('The game is over.') : gameOverText(pov, winner)}</h2>
      <div class="row">
        {(!watching || rematch !== null) && (
          <button type="button" class="primary" data-testid="rematch" disabled={busy} onClick={ask}>
            {watching ? t('Watch the rematch') : rematch !== null ? t('Join the rematch') : t('Rematch')}
          </button>
        )}
        <ReplayLink code={code} testId="open-replay" />
      </div>
      <Alert problem={problem} />
    </section>
  );
}
