// The round at a glance, in two parts. The panel: the trump, both teams' levels (the
// viewer's first) and the points the opponents have won (R-S1), said from the viewer's
// side: on a phone one or two lines above the table. The details: the round number,
// who declares and starts, and what `children` holds (the connection, the buttons of
// past tricks): beside the panel on a laptop, after the hand on a phone (table.css).

import type { ComponentChildren } from 'preact';
import { t } from '../i18n';
import type { Observation } from '../protocol';
import type { PointOfView } from './seating';
import { levelsLine, pointsLine, rolesLine, trumpLine } from './words';

/** The information panel: trump, levels and points. */
export function InfoPanel(props: { pov: PointOfView; obs: Observation }) {
  const { pov, obs } = props;
  return (
    <section class="info" aria-label={t('The round')}>
      <p class="info-item info-trump" data-testid="trump">
        {trumpLine(obs)}
      </p>
      <p class="info-item info-levels" data-testid="levels">
        {levelsLine(pov, obs.levels)}
      </p>
      <p class="info-item info-points" data-testid="points">
        {pointsLine(pov, obs)}
      </p>
    </section>
  );
}

/** The rest of the round's information: its number, the declarers and the starter;
 * `children` go after them. */
export function RoundDetails(props: { pov: PointOfView; obs: Observation; children?: ComponentChildren }) {
  const { pov, obs, children } = props;
  return (
    <div class="info-more">
      <p class="info-item info-round">{t('Round {n}', { n: obs.round })}</p>
      <p class="info-item" data-testid="declarers">
        {rolesLine(pov, obs)}
      </p>
      {children}
    </div>
  );
}
