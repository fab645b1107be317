import { cleanup, fireEvent, render } from '@testing-library/preact';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { loadPrefs } from '../prefs';
import { Settings } from './Settings';

afterEach(cleanup);
beforeEach(() => localStorage.clear());

describe('the settings', () => {
  it('open from their button and offer the six languages by their own names', () => {
    const { getByTestId, queryByTestId } = render(<Settings />);
    expect(queryByTestId('language')).toBeNull();
    fireEvent.click(getByTestId('settings'));
    expect(getByTestId('settings').getAttribute('aria-expanded')).toBe('true');
    const names = Array.from((getByTestId('language') as HTMLSelectElement).options).map((option) => option.textContent);
    expect(names).toEqual(['English', '简体中文', 'Español', 'Dansk', 'Latviešu', 'हिन्दी']);
  });

  it('save the four-colour deck, the sound and the title mark, and mark the page', () => {
    const { getByTestId } = render(<Settings />);
    fireEvent.click(getByTestId('settings'));
    fireEvent.click(getByTestId('four-colour'));
    expect(loadPrefs().fourColour).toBe(true);
    expect(document.documentElement.dataset.fourColour).toBe('true');
    fireEvent.click(getByTestId('sound'));
    fireEvent.click(getByTestId('title-mark'));
    expect(loadPrefs()).toMatchObject({ sound: false, titleMark: false });
    expect((getByTestId('sound') as HTMLInputElement).checked).toBe(false);
  });

  it('open over the page as a modal dialog that keeps the focus inside', () => {
    const { getByTestId, getByRole } = render(<Settings />);
    expect(getByTestId('settings').getAttribute('aria-haspopup')).toBe('dialog');
    fireEvent.click(getByTestId('settings'));
    const dialog = getByRole('dialog', { name: 'Settings' });
    expect(dialog.getAttribute('aria-modal')).toBe('true');
    expect(dialog.closest('.dialog-backdrop')).not.toBeNull();
    expect(document.activeElement).toBe(getByTestId('language')); // the first control
    getByTestId('settings-close').focus();
    fireEvent.keyDown(getByTestId('settings-close'), { key: 'Tab' });
    expect(document.activeElement).toBe(getByTestId('language'));
  });

  it('close with Escape or Close, and give the focus back to their button', () => {
    const { getByTestId, queryByTestId } = render(<Settings />);
    fireEvent.click(getByTestId('settings'));
    fireEvent.keyDown(getByTestId('four-colour'), { key: 'Escape' });
    expect(queryByTestId('four-colour')).toBeNull();
    expect(getByTestId('settings').getAttribute('aria-expanded')).toBe('false');
    expect(document.activeElement).toBe(getByTestId('settings'));
    fireEvent.click(getByTestId('settings'));
    fireEvent.click(getByTestId('settings-close'));
    expect(queryByTestId('settings-dialog')).toBeNull();
    expect(document.activeElement).toBe(getByTestId('settings'));
  });
});
