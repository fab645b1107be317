import { cleanup, fireEvent, render } from '@testing-library/preact';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { Dialog } from './Dialog';

afterEach(cleanup);

describe('a dialog', () => {
  it('takes the focus, keeps Tab inside and gives the focus back when it closes', () => {
    const opener = document.createElement('button');
    document.body.append(opener);
    opener.focus();
    const onClose = vi.fn();
    const { getByText, unmount, getByRole } = render(
      <Dialog title="Tricks" titleId="t" testId="d" onClose={onClose}>
        <button type="button">first</button>
        <button type="button">last</button>
      </Dialog>,
    );
    expect(document.activeElement).toBe(getByText('first'));
    getByText('last').focus();
    fireEvent.keyDown(getByText('last'), { key: 'Tab' });
    expect(document.activeElement).toBe(getByText('first'));
    fireEvent.keyDown(getByText('first'), { key: 'Tab', shiftKey: true });
    expect(document.activeElement).toBe(getByText('last'));
    expect(getByRole('dialog').getAttribute('aria-labelledby')).toBe('t');
    fireEvent.keyDown(getByText('last'), { key: 'Escape' });
    expect(onClose).toHaveBeenCalledOnce();
    unmount();
    expect(document.activeElement).toBe(opener);
    opener.remove();
  });
});
