// Small pieces of the page that several pages share: a labelled field with its help
// line, a checkbox with its label, the "Your name" input, an alert for a problem, and
// the link to a game's replay.

import type { ComponentChildren } from 'preact';
import { t } from './i18n';
import { NAME_MAX_LENGTH } from './room/seats';
import { linkClick, replayPath } from './router';

/** The id of the help line of control `id` (the control's aria-describedby). */
export function helpId(id: string): string {
  return `${id}-help`;
}

/** A label, the control `children` it names (with id `id`), and under it the help line
 * `help` (id helpId(id), class `helpClass`) when there is one. */
export function Field({
  id,
  label,
  help,
  helpClass = 'help',
  children,
}: {
  id: string;
  label: string;
  help?: ComponentChildren;
  helpClass?: string;
  children: ComponentChildren;
}) {
  return (
    <div class="field">
      <label for={id}>{label}</label>
      {children}
      {help !== undefined && (
        <span class={helpClass} id={helpId(id)}>
          {help}
        </span>
      )}
    </div>
  );
}

/** A checkbox with its label after it and, when there is one, its help line. */
export function CheckField({
  id,
  testId = id,
  label,
  help,
  checked,
  onChange,
}: {
  id: string;
  /** The data-testid; the id itself unless told. */
  testId?: string;
  label: string;
  help?: string;
  checked: boolean;
  onChange: (checked: boolean) => void;
}) {
  return (
    <div class="check-field">
      <input
        type="checkbox"
        id={id}
        data-testid={testId}
        checked={checked}
        aria-describedby={help === undefined ? undefined : helpId(id)}
        onChange={(event) => onChange(event.currentTarget.checked)}
      />
      <label for={id}>{label}</label>
      {help !== undefined && (
        <span class="help" id={helpId(id)}>
          {help}
        </span>
      )}
    </div>
  );
}

/** The "Your name" input: the label shown beside the seat the player takes. */
export function NameField({ value, onInput, help }: { value: string; onInput: (name: string) => void; help?: string }) {
  return (
    <Field id="your-name" label={t('Your name')} help={help}>
      <input
        id="your-name"
        data-testid="your-name"
        type="text"
        maxLength={NAME_MAX_LENGTH}
        autoComplete="nickname"
        value={value}
        aria-describedby={help === undefined ? undefined : helpId('your-name')}
        onInput={(event) => onInput(event.currentTarget.value)}
      />
    </Field>
  );
}

/** A problem to show (role=alert), or nothing when `problem` is null. */
export function Alert({ problem }: { problem: string | null }) {
  if (problem === null) return null;
  return (
    <p class="error-text" role="alert">
      {problem}
    </p>
  );
}

/** The button-styled link to the replay of room `code`'s game. */
export function ReplayLink({ code, testId }: { code: string; testId?: string }) {
  const path = replayPath(code);
  return (
    <a class="button" data-testid={testId} href={path} onClick={linkClick(path)}>
      {t('Replay this game')}
    </a>
  );
}
