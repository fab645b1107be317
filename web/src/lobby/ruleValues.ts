// The rule options' values as the room settings handle them: a preset's values, what
// differs from them (the form sends only that), the checks that mirror the server's
// ranges from /api/meta (immediate feedback; the server's answer is the final word), and
// each value in words (the room's rules shown to everyone, the lobby's list).

import { t, tc, tn } from '../i18n';
import type { Meta, MetaOption, RuleSpec, RuleValue, ScoringValue } from '../protocol';

/** What a control holds: a rule value, or the text typed in a number field that is not
 * a number yet (kept, so the player sees what they typed and why it is refused). */
export type Draft = RuleValue | null;
export type Drafts = Record<string, Draft>;

/** The option values of `preset`: the meta's preset over the first preset's values. */
export function presetValues(meta: Meta, preset: string): Drafts {
  const base = meta.presets.standard ?? Object.values(meta.presets)[0] ?? {};
  return { ...base, ...(meta.presets[preset] ?? {}) };
}

function sortedRanks(option: MetaOption, ranks: readonly string[]): string[] {
  const order = option.ranks ?? [];
  return [...ranks].sort((a, b) => order.indexOf(a) - order.indexOf(b));
}

function isScoring(value: Draft | undefined): value is ScoringValue {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** Whether two values of `option` are the same rules (ranks in any order). */
export function sameValue(option: MetaOption, a: Draft | undefined, b: Draft | undefined): boolean {
  if (option.kind === 'ranks' && Array.isArray(a) && Array.isArray(b)) {
    return sortedRanks(option, a).join(',') === sortedRanks(option, b).join(',');
  }
  if (option.kind === 'scoring' && isScoring(a) && isScoring(b)) {
    return (option.fields ?? []).every((field) => (a[field.name] ?? null) === (b[field.name] ?? null));
  }
  return a === b;
}

/** What the form sends for `values` under `preset`: the preset and each option that
 * differs from it (the scoring option: only its numbers that differ). */
export function changedRules(meta: Meta, preset: string, values: Drafts): RuleSpec {
  const base = presetValues(meta, preset);
  const spec: RuleSpec = { preset };
  for (const option of meta.options) {
    const value = values[option.name];
    if (value === undefined || value === null || sameValue(option, value, base[option.name])) continue;
    if (option.kind === 'scoring' && isScoring(value)) {
      const from = isScoring(base[option.name]) ? (base[option.name] as ScoringValue) : {};
      const fields: ScoringValue = {};
      for (const field of option.fields ?? []) {
        const number = value[field.name] ?? null;
        if (number !== (from[field.name] ?? null)) fields[field.name] = number;
      }
      spec[option.name] = fields;
    } else if (option.kind === 'ranks' && Array.isArray(value)) {
      spec[option.name] = sortedRanks(option, value);
    } else {
      spec[option.name] = value;
    }
  }
  return spec;
}

/** The names of the options whose values differ from `preset`'s. */
export function changedNames(meta: Meta, preset: string, values: Drafts): string[] {
  return Object.keys(changedRules(meta, preset, values)).filter((name) => name !== 'preset');
}

function rangeProblem(value: unknown, min: number, max: number): string | null {
  if (typeof value === 'number' && Number.isInteger(value) && value >= min && value <= max) return null;
  return t('A whole number from {min} to {max}.', { min, max });
}

/** Why `value` is refused for `option` (the meta's ranges), keyed by the control: the
 * option's name, or "scoring.FIELD"; empty when it is fine. */
export function problems(option: MetaOption, value: Draft | undefined): Record<string, string> {
  const found: Record<string, string> = {};
  if (option.kind === 'number') {
    const problem = rangeProblem(value, option.min ?? 0, option.max ?? 0);
    if (problem !== null) found[option.name] = problem;
  } else if (option.kind === 'scoring' && isScoring(value)) {
    for (const field of option.fields ?? []) {
      const number = value[field.name] ?? null;
      if (number === null && field.none_label !== undefined) continue;
      const problem = rangeProblem(number, field.min, field.max);
      if (problem !== null) found[`${option.name}.${field.name}`] = problem;
    }
    const over = value.take_over;
    const up = value.opponents_up;
    if (typeof over === 'number' && typeof up === 'number' && up < over && found[`${option.name}.opponents_up`] === undefined) {
      found[`${option.name}.opponents_up`] = t(
        'The opponents cannot go up before they take over: at least {n} points.',
        { n: over },
      );
    }
  }
  return found;
}

/** Every problem of `values`, keyed as `problems` keys them. */
export function allProblems(meta: Meta, values: Drafts): Record<string, string> {
  return Object.assign({}, ...meta.options.map((option) => problems(option, values[option.name]))) as Record<
    string,
    string
  >;
}

/** A rank as players write it ("T" is 10). */
export function rankWord(rank: string): string {
  return rank === 'T' ? '10' : rank;
}

/** A choice's words (a seat's label is "Seat {n}"). */
export function choiceWords(option: MetaOption, value: unknown): string {
  const choice = (option.choices ?? []).find((item) => item.value === value);
  if (choice === undefined) return String(value);
  return choice.n !== undefined ? t(choice.label, { n: choice.n }) : t(choice.label);
}

function scoringWords(option: MetaOption, value: ScoringValue, base: ScoringValue | null): string {
  const parts: string[] = [];
  for (const field of option.fields ?? []) {
    const number = value[field.name] ?? null;
    if (base !== null && number === (base[field.name] ?? null)) continue;
    switch (field.name) {
      case 'step':
        parts.push(tn('{n} point a level', '{n} points a level', number ?? 0));
        break;
      case 'take_over':
        parts.push(tn('the opponents take over from {n} point', 'the opponents take over from {n} points', number ?? 0));
        break;
      case 'opponents_up':
        parts.push(tn('they go up from {n} point', 'they go up from {n} points', number ?? 0));
        break;
      case 'shutout_bonus':
        parts.push(tn('{n} level more for a shutout', '{n} levels more for a shutout', number ?? 0));
        break;
      case 'cap':
        parts.push(
          number === null
            ? t('no cap on the levels of a round')
            : tn('at most {n} level a round', 'at most {n} levels a round', number),
        );
        break;
      default:
        parts.push(`${t(field.label)} ${number === null ? '—' : String(number)}`);
    }
  }
  return parts.join(tc('list separator', ', '));
}

/** `value` of `option` in words ("5, 10, K"; "30 points a level, at most 2 levels a
 * round"); for the scoring option only the numbers that differ from `base`'s. */
export function valueWords(option: MetaOption, value: RuleValue | undefined, base?: RuleValue): string {
  switch (option.kind) {
    case 'bool':
      return value === true ? t('On') : t('Off');
    case 'choice':
      return choiceWords(option, value);
    case 'ranks':
      return Array.isArray(value) && value.length > 0
        ? sortedRanks(option, value).map(rankWord).join(tc('list separator', ', '))
        : t('None');
    case 'scoring':
      return isScoring(value) ? scoringWords(option, value, isScoring(base) ? base : null) : '';
    default:
      return String(value);
  }
}

/** Each option of `rules` that differs from its preset: the option and its value in
 * words. Options a room's spec leaves out are at the preset's values (as the server
 * reads a spec). */
export function differences(meta: Meta, rules: RuleSpec): { option: MetaOption; words: string }[] {
  const base = presetValues(meta, rules.preset);
  const found = [];
  for (const option of meta.options) {
    const value = rules[option.name] ?? base[option.name];
    const from = base[option.name];
    if (value === undefined || value === null || sameValue(option, value, from)) continue;
    found.push({ option, words: valueWords(option, value, from ?? undefined) });
  }
  return found;
}
