// The player's settings: the language, a four-colour deck, a sound and a title-bar
// mark when it is their turn. Saved in the page's storage (prefs.ts); the lobby's
// header uses this component too.

import { useId, useRef, useState } from 'preact/hooks';
import { LANGUAGES, LANGUAGE_NAMES, isLanguage, setLanguage, t, useLanguage } from '../i18n';
import { savePrefs, usePrefs } from '../prefs';
import { Alert, CheckField, Field } from '../widgets';

/** The settings controls, always shown (the dialog-free form, for a page with room). */
export function SettingsPanel() {
  const prefs = usePrefs();
  const lang = useLanguage();
  const [problem, setProblem] = useState<string | null>(null);
  const id = useId();
  const chooseLanguage = (code: string): void => {
    if (!isLanguage(code)) return;
    savePrefs({ lang: code });
    setLanguage(code).then(
      () => setProblem(null),
      () => setProblem(t('This language could not be loaded: the page stays in the language it had.')),
    );
  };
  return (
    <div class="settings-panel">
      <Field id={`${id}-language`} label={t('Language')}>
        <select
          id={`${id}-language`}
          data-testid="language"
          value={lang}
          onChange={(event) => chooseLanguage((event.currentTarget as HTMLSelectElement).value)}
        >
          {LANGUAGES.map((code) => (
            <option value={code} lang={code.replace('_', '-')}>
              {LANGUAGE_NAMES[code]}
            </option>
          ))}
        </select>
      </Field>
      <CheckField
        id={`${id}-four`}
        testId="four-colour"
        label={t('Four-colour deck (♠ black, ♥ red, ♦ blue, ♣ green)')}
        checked={prefs.fourColour}
        onChange={(fourColour) => savePrefs({ fourColour })}
      />
      <CheckField
        id={`${id}-sound`}
        testId="sound"
        label={t('A sound when it is your turn')}
        checked={prefs.sound}
        onChange={(sound) => savePrefs({ sound })}
      />
      <CheckField
        id={`${id}-title`}
        testId="title-mark"
        label={t('A mark in the title bar when it is your turn')}
        checked={prefs.titleMark}
        onChange={(titleMark) => savePrefs({ titleMark })}
      />
      <Alert problem={problem} />
    </div>
  );
}

/** A "Settings" button that opens the settings below it (and closes them again). */
export function Settings() {
  const [open, setOpen] = useState(false);
  const id = useId();
  const button = useRef<HTMLButtonElement>(null);
  return (
    <div class="settings">
      <button
        ref={button}
        type="button"
        data-testid="settings"
        aria-expanded={open ? 'true' : 'false'}
        aria-controls={`${id}-panel`}
        onClick={() => setOpen(!open)}
      >
        ⚙ {t('Settings')}
      </button>
      {open && (
        <div
          id={`${id}-panel`}
          class="settings-popover"
          onKeyDown={(event) => {
            if (event.key === 'Escape') {
              event.stopPropagation();
              setOpen(false);
              button.current?.focus();
            }
          }}
        >
          <SettingsPanel />
        </div>
      )}
    </div>
  );
}
