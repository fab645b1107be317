// The entry point: preferences, then the catalog of the page's language (fetched before
// the first render, so no English flashes), then the app.

// the shared styles first, so the table's rules come after them in the bundle
import './styles/base.css';
import { render } from 'preact';
import { App } from './app';
import { pickLanguage, setLanguage, testHooks } from './i18n';
import { applyPrefsToDocument, loadPrefs } from './prefs';

async function start(): Promise<void> {
  const prefs = loadPrefs();
  applyPrefsToDocument(prefs);
  testHooks();
  const browser = navigator.languages?.length ? navigator.languages : [navigator.language];
  const lang = pickLanguage(prefs.lang, browser);
  try {
    await setLanguage(lang);
  } catch {
    await setLanguage('en'); // no catalog: English rather than nothing
  }
  const root = document.getElementById('app');
  if (root !== null) render(<App />, root);
}

void start();
