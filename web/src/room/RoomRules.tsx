// A room's rules in words, for everyone at the table and in the lobby: the preset and
// each option that differs from it ("Must-defend ranks: 5, 10, K"; "Scoring: 30 points a
// level, at most 2 levels a round"), folded under a line that counts them. The words
// come from /api/meta (fetched once per page).

import { useEffect, useState } from 'preact/hooks';
import { getMeta } from '../api';
import { t, tn } from '../i18n';
import { differences } from '../lobby/ruleValues';
import { presetLabel } from '../lobby/RuleSettings';
import type { Meta, RuleSpec } from '../protocol';

let metaOnce: Promise<Meta> | null = null;

/** /api/meta, asked once per page (null until it comes, or when it fails). */
export function useMeta(): Meta | null {
  const [meta, setMeta] = useState<Meta | null>(null);
  useEffect(() => {
    let live = true;
    metaOnce ??= getMeta();
    metaOnce
      .then((answer) => {
        if (live) setMeta(answer);
      })
      .catch(() => {
        metaOnce = null; // asked again by the next page that needs it
      });
    return () => {
      live = false;
    };
  }, []);
  return meta;
}

/** The line that names the preset and counts the house rules. */
export function rulesLine(rules: RuleSpec, changed: number): string {
  const preset = presetLabel(rules.preset);
  return changed === 0
    ? t('Rules: {preset}', { preset })
    : tn('Rules: {preset}, {n} house rule', 'Rules: {preset}, {n} house rules', changed, { preset });
}

/** The rules of a room: the preset, and the options that differ from it in words under
 * a fold (open at first when `open`). */
export function RoomRules({ rules, meta, open = false }: { rules: RuleSpec | undefined; meta: Meta | null; open?: boolean }) {
  if (rules === undefined) return null;
  const found = meta === null ? [] : differences(meta, rules);
  if (found.length === 0) {
    return (
      <p class="room-rules muted" data-testid="room-rules">
        {rulesLine(rules, 0)}
      </p>
    );
  }
  return (
    <details class="room-rules" data-testid="room-rules" open={open}>
      <summary>{rulesLine(rules, found.length)}</summary>
      <ul>
        {found.map(({ option, words }) => (
          <li key={option.name} data-testid={`room-rule-${option.name}`}>
            {t('{option}: {value}', { option: t(option.label), value: words })}
          </li>
        ))}
      </ul>
    </details>
  );
}
