// One rule option's control, chosen by its kind in /api/meta: a checkbox, a list of
// choices, a number with its range, the 13 ranks as checkboxes, or the scoring numbers.
// Each is labelled, its help linked with aria-describedby; a refused value is marked
// aria-invalid, its message linked too. An option that differs from the preset says so.

import type { ComponentChildren } from 'preact';
import { t } from '../i18n';
import type { MetaField, MetaOption, ScoringValue } from '../protocol';
import { helpId } from '../widgets';
import { choiceWords, rankWord, type Draft } from './ruleValues';

/** The id of the message under control `id` that says what is wrong with its value. */
export function problemId(id: string): string {
  return `${id}-problem`;
}

function describedBy(id: string, problem: string | undefined): string {
  return problem === undefined ? helpId(id) : `${helpId(id)} ${problemId(id)}`;
}

function Problem({ id, problem }: { id: string; problem: string | undefined }) {
  if (problem === undefined) return null;
  return (
    <span class="help error-text" id={problemId(id)} data-testid={problemId(id)}>
      {problem}
    </span>
  );
}

function ChangedMark({ changed }: { changed: boolean }) {
  if (!changed) return null;
  return (
    <span class="changed-mark" data-testid="changed-mark">
      {t('changed')}
    </span>
  );
}

/** An option of several controls (the ranks, the scoring numbers): a fieldset whose
 * legend is the option's label, described by its help and its problem. */
function OptionFieldset(props: {
  kind: string;
  id: string;
  label: string;
  changed: boolean;
  problem: string | undefined;
  children: ComponentChildren;
}) {
  const { kind, id, label, changed, problem } = props;
  return (
    <fieldset
      class={kind}
      id={id}
      data-testid={id}
      aria-invalid={problem !== undefined ? 'true' : 'false'}
      aria-describedby={describedBy(id, problem)}
    >
      <legend>
        {label} <ChangedMark changed={changed} />
      </legend>
      {props.children}
    </fieldset>
  );
}

/** A number typed in a field: the number, or the text when it is none (kept to show). */
function typed(text: string): number | string {
  const number = Number(text);
  return text.trim() !== '' && Number.isFinite(number) ? number : text;
}

function NumberInput(props: {
  id: string;
  min: number;
  max: number;
  value: Draft | undefined;
  problem: string | undefined;
  placeholder?: string;
  onValue: (value: number | string) => void;
}) {
  const { id, min, max, value, problem } = props;
  return (
    <input
      type="number"
      id={id}
      data-testid={id}
      inputMode="numeric"
      min={min}
      max={max}
      step={1}
      placeholder={props.placeholder}
      value={value === null || value === undefined ? '' : String(value)}
      aria-invalid={problem !== undefined ? 'true' : 'false'}
      aria-describedby={describedBy(id, problem)}
      onInput={(event) => props.onValue(typed(event.currentTarget.value))}
    />
  );
}

function Labelled(props: { id: string; label: string; changed: boolean; help: string; problem?: string; children: ComponentChildren }) {
  return (
    <div class="field">
      <label for={props.id}>
        {props.label} <ChangedMark changed={props.changed} />
      </label>
      {props.children}
      <span class="help" id={helpId(props.id)}>
        {props.help}
      </span>
      <Problem id={props.id} problem={props.problem} />
    </div>
  );
}

function ScoringField(props: {
  id: string;
  field: MetaField;
  value: ScoringValue;
  problem: string | undefined;
  onChange: (value: ScoringValue) => void;
}) {
  const { id, field, value, problem } = props;
  return (
    <Labelled id={id} label={t(field.label)} changed={false} help={t(field.help)} problem={problem}>
      <NumberInput
        id={id}
        min={field.min}
        max={field.max}
        value={value[field.name] ?? null}
        problem={problem}
        placeholder={field.none_label !== undefined ? t(field.none_label) : undefined}
        onValue={(typedValue) => {
          // an empty cap is no cap; any other empty field stays to be filled
          const next = typedValue === '' && field.none_label !== undefined ? null : typedValue;
          props.onChange({ ...value, [field.name]: next as number | null });
        }}
      />
    </Labelled>
  );
}

export interface OptionControlProps {
  option: MetaOption;
  value: Draft | undefined;
  /** Whether the value differs from the preset's. */
  changed: boolean;
  /** What is wrong, keyed by control: the option's name, or "scoring.FIELD". */
  problems: Record<string, string>;
  onChange: (value: Draft) => void;
}

/** The control of one rule option, by its kind. */
export function OptionControl({ option, value, changed, problems, onChange }: OptionControlProps) {
  const id = `option-${option.name}`;
  // the labels are the server's msgids (rule_options.py), translated by the catalog
  const label = t(option.label);
  const help = t(option.help);
  const problem = problems[option.name];
  switch (option.kind) {
    case 'bool':
      return (
        <div class="check-field">
          <input
            type="checkbox"
            id={id}
            data-testid={id}
            checked={value === true}
            aria-invalid={problem !== undefined ? 'true' : 'false'}
            aria-describedby={describedBy(id, problem)}
            onChange={(event) => onChange(event.currentTarget.checked)}
          />
          <label for={id}>
            {label} <ChangedMark changed={changed} />
          </label>
          <span class="help" id={helpId(id)}>
            {help}
          </span>
          <Problem id={id} problem={problem} />
        </div>
      );
    case 'choice': {
      const choices = option.choices ?? [];
      return (
        <Labelled id={id} label={label} changed={changed} help={help} problem={problem}>
          <select
            id={id}
            data-testid={id}
            value={String(value ?? '')}
            aria-invalid={problem !== undefined ? 'true' : 'false'}
            aria-describedby={describedBy(id, problem)}
            onChange={(event) => {
              const picked = choices.find((choice) => String(choice.value) === event.currentTarget.value);
              if (picked !== undefined) onChange(picked.value);
            }}
          >
            {choices.map((choice) => (
              <option key={String(choice.value)} value={String(choice.value)}>
                {choiceWords(option, choice.value)}
              </option>
            ))}
          </select>
        </Labelled>
      );
    }
    case 'number':
      return (
        <Labelled id={id} label={label} changed={changed} help={help} problem={problem}>
          <NumberInput id={id} min={option.min ?? 0} max={option.max ?? 0} value={value} problem={problem} onValue={onChange} />
        </Labelled>
      );
    case 'ranks': {
      const held = Array.isArray(value) ? value : [];
      return (
        <OptionFieldset kind="rule-ranks" id={id} label={label} changed={changed} problem={problem}>
          <div class="rank-boxes">
            {(option.ranks ?? []).map((rank) => (
              <span class="rank-box" key={rank}>
                <input
                  type="checkbox"
                  id={`${id}-${rank}`}
                  data-testid={`${id}-${rank}`}
                  checked={held.includes(rank)}
                  onChange={(event) =>
                    onChange(event.currentTarget.checked ? [...held, rank] : held.filter((item) => item !== rank))
                  }
                />
                <label for={`${id}-${rank}`}>{rankWord(rank)}</label>
              </span>
            ))}
          </div>
          <span class="help" id={helpId(id)}>
            {help}
          </span>
          <Problem id={id} problem={problem} />
        </OptionFieldset>
      );
    }
    case 'scoring': {
      const numbers = (typeof value === 'object' && value !== null && !Array.isArray(value) ? value : {}) as ScoringValue;
      return (
        <OptionFieldset kind="rule-scoring" id={id} label={label} changed={changed} problem={problem}>
          <span class="help" id={helpId(id)}>
            {help}
          </span>
          <Problem id={id} problem={problem} />
          <div class="grid-2">
            {(option.fields ?? []).map((field) => (
              <ScoringField
                key={field.name}
                id={`${id}-${field.name}`}
                field={field}
                value={numbers}
                problem={problems[`${option.name}.${field.name}`]}
                onChange={onChange}
              />
            ))}
          </div>
        </OptionFieldset>
      );
    }
    default:
      return null;
  }
}
