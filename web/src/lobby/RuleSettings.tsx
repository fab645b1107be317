// The rules part of the create-room form: the preset, then every rule option of
// /api/meta in the groups it names (Following and throws, Declaring and trumps, …), each
// group a fieldset whose heading folds it. The options that differ from the preset are
// marked, counted in their group's heading, and "Back to the preset" undoes them all.

import { useState } from 'preact/hooks';
import { t, tn } from '../i18n';
import type { Meta, MetaGroup, MetaOption } from '../protocol';
import { Field, helpId } from '../widgets';
import { OptionControl, problemId } from './RuleControls';
import { presetValues, sameValue, type Draft, type Drafts } from './ruleValues';

/** A preset's name in words. */
export function presetLabel(preset: string): string {
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

/** The groups of `meta` in order, each with its options; an option in no known group
 * goes to the last. */
export function groupedOptions(meta: Meta): { group: MetaGroup; options: MetaOption[] }[] {
  const groups: MetaGroup[] = meta.groups ?? [{ name: 'rules', label: 'Rules', open: true }];
  const known = new Set(groups.map((group) => group.name));
  const last = groups[groups.length - 1]?.name;
  return groups
    .map((group) => ({
      group,
      options: meta.options.filter((option) =>
        option.group !== undefined && known.has(option.group) ? option.group === group.name : group.name === last,
      ),
    }))
    .filter((entry) => entry.options.length > 0);
}

export interface RuleSettingsProps {
  meta: Meta;
  preset: string;
  values: Drafts;
  /** What is wrong, keyed by control ("throw_penalty", "scoring.cap"); "preset" for the
   * rules as a whole. */
  problems: Record<string, string>;
  onPreset: (preset: string) => void;
  onValue: (name: string, value: Draft) => void;
  onReset: () => void;
}

function GroupSection(props: {
  group: MetaGroup;
  options: MetaOption[];
  base: Drafts;
  values: Drafts;
  problems: Record<string, string>;
  onValue: (name: string, value: Draft) => void;
}) {
  const { group, options, base, values, problems } = props;
  const [open, setOpen] = useState(group.open);
  const changed = options.filter((option) => !sameValue(option, values[option.name], base[option.name]));
  const wrong = options.some((option) =>
    Object.keys(problems).some((key) => key === option.name || key.startsWith(`${option.name}.`)),
  );
  // a group holding a refused value opens, so that its message is seen
  const shown = open || wrong;
  const bodyId = `rule-group-${group.name}`;
  return (
    <fieldset class="rule-group" data-testid={`rule-group-${group.name}`}>
      <legend>
        <button
          type="button"
          class="disclosure-toggle"
          data-testid={`rule-group-toggle-${group.name}`}
          aria-expanded={shown ? 'true' : 'false'}
          aria-controls={bodyId}
          onClick={() => setOpen(!shown)}
        >
          <span class="disclosure-mark" aria-hidden="true">
            {shown ? '▾' : '▸'}
          </span>
          {t(group.label)}
          {changed.length > 0 && (
            <span class="changed-count"> · {tn('{n} changed', '{n} changed', changed.length)}</span>
          )}
        </button>
      </legend>
      <div id={bodyId} hidden={!shown}>
        {options.map((option) => (
          <OptionControl
            key={option.name}
            option={option}
            value={values[option.name]}
            changed={changed.includes(option)}
            problems={problems}
            onChange={(value) => props.onValue(option.name, value)}
          />
        ))}
      </div>
    </fieldset>
  );
}

/** The preset, every option in its group, the changes marked and undone in one click. */
export function RuleSettings({ meta, preset, values, problems, onPreset, onValue, onReset }: RuleSettingsProps) {
  const presets = Object.keys(meta.presets);
  const base = presetValues(meta, preset);
  const changed = meta.options.filter((option) => !sameValue(option, values[option.name], base[option.name]));
  const presetProblem = problems.preset;
  return (
    <fieldset class="rule-settings">
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
          aria-invalid={presetProblem !== undefined ? 'true' : 'false'}
          aria-describedby={presetProblem === undefined ? helpId('preset') : `${helpId('preset')} ${problemId('preset')}`}
          onChange={(event) => onPreset(event.currentTarget.value)}
        >
          {presets.map((name) => (
            <option key={name} value={name}>
              {presetLabel(name)}
            </option>
          ))}
        </select>
        {presetProblem !== undefined && (
          <span class="help error-text" id={problemId('preset')} data-testid={problemId('preset')}>
            {presetProblem}
          </span>
        )}
      </Field>
      <p class="row rule-changes">
        <span class="muted" data-testid="rules-changed" aria-live="polite">
          {changed.length === 0
            ? t('Every option is as the preset sets it.')
            : tn('{n} option differs from the preset.', '{n} options differ from the preset.', changed.length)}
        </span>
        <button type="button" data-testid="rules-reset" disabled={changed.length === 0} onClick={onReset}>
          {t('Back to the preset')}
        </button>
      </p>
      {groupedOptions(meta).map(({ group, options }) => (
        <GroupSection
          key={group.name}
          group={group}
          options={options}
          base={base}
          values={values}
          problems={problems}
          onValue={onValue}
        />
      ))}
    </fieldset>
  );
}
