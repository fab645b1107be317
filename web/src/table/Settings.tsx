// The player's settings: the language, a four-colour deck, a sound and a title-bar
// mark when it is their turn, in a dialog over the page. Saved in the page's storage
// (prefs.ts); the page's header holds the button, on the lobby and the table alike.

import { useId, useRef, useState } from 'preact/hooks';
import { LANGUAGES, LANGUAGE_NAMES, isLanguage, setLanguage, t, useLanguage } from '../i18n';
import { savePrefs, usePrefs } from '../prefs';
import { Alert, CheckField, Field } from '../widgets';
import { Dialog } from './Dialog';

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

/** A "Settings" button that opens the settings in a dialog over the page: the focus
 * goes into it and stays there, Escape or "Close" closes it, and the focus comes back
 * to the button. */
export function Settings() {
  const [open, setOpen] = useState(false);
  const button = useRef<HTMLButtonElement>(null);
  return (
    <div class="settings">
      <button
        ref={button}
        type="button"
        data-testid="settings"
        aria-haspopup="dialog"
        aria-expanded={open ? 'true' : 'false'}
        onClick={() => setOpen(true)}
      >
        <span aria-hidden="true">⚙</span> {t('Settings')}
      </button>
      {open && (
        <Dialog
          title={t('Settings')}
          titleId="settings-title"
          testId="settings-dialog"
          opener={button}
          onClose={() => setOpen(false)}
        >
          <SettingsPanel />
          <div class="dialog-buttons">
            <button type="button" class="primary" data-testid="settings-close" onClick={() => setOpen(false)}>
              {t('Close')}
            </button>
          </div>
        </Dialog>
      )}
    </div>
  );
}
