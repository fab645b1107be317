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

  it('close with Escape', () => {
    const { getByTestId, queryByTestId } = render(<Settings />);
    fireEvent.click(getByTestId('settings'));
    fireEvent.keyDown(getByTestId('four-colour'), { key: 'Escape' });
    expect(queryByTestId('four-colour')).toBeNull();
    expect(document.activeElement).toBe(getByTestId('settings'));
  });
});
