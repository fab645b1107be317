import { cleanup, fireEvent, render } from '@testing-library/preact';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { Alert, CheckField, Field, NameField, ReplayLink } from '../src/widgets';

afterEach(() => {
  cleanup();
  history.replaceState(null, '', '/');
});

describe('the shared pieces of the page', () => {
  it('labels a field and ties its help line to the id', () => {
    const page = render(
      <Field id="clock" label="Seconds" help="From 5 to 600." helpClass="help error-text">
        <input id="clock" aria-describedby="clock-help" />
      </Field>,
    );
    expect(page.getByLabelText('Seconds').id).toBe('clock');
    const help = page.container.querySelector('#clock-help');
    expect(help?.textContent).toBe('From 5 to 600.');
    expect(help?.className).toBe('help error-text');
  });

  it('leaves out the help line when there is none', () => {
    const page = render(
      <Field id="bot-kind" label="Bot">
        <select id="bot-kind" />
      </Field>,
    );
    expect(page.container.querySelector('.help')).toBeNull();
  });

  it('makes a checkbox whose test id is its id unless told', () => {
    const changed = vi.fn();
    const page = render(<CheckField id="listed" label="List it" help="Shown to all." checked={false} onChange={changed} />);
    const box = page.getByTestId('listed') as HTMLInputElement;
    expect(box.getAttribute('aria-describedby')).toBe('listed-help');
    fireEvent.click(box);
    expect(changed).toHaveBeenCalledWith(true);
    cleanup();
    const other = render(<CheckField id="x-sound" testId="sound" label="Sound" checked onChange={changed} />);
    const sound = other.getByTestId('sound') as HTMLInputElement;
    expect(sound.id).toBe('x-sound');
    expect(sound.checked).toBe(true);
    expect(sound.hasAttribute('aria-describedby')).toBe(false);
  });

  it('asks for a name of at most 40 characters, with or without a help line', () => {
    const typed = vi.fn();
    const page = render(<NameField value="Ana" onInput={typed} help="A label." />);
    const input = page.getByLabelText('Your name') as HTMLInputElement;
    expect(input.dataset.testid).toBe('your-name');
    expect(input.maxLength).toBe(40);
    expect(input.getAttribute('aria-describedby')).toBe('your-name-help');
    fireEvent.input(input, { target: { value: 'Kay' } });
    expect(typed).toHaveBeenCalledWith('Kay');
    cleanup();
    const bare = render(<NameField value="" onInput={typed} />);
    expect(bare.getByTestId('your-name').hasAttribute('aria-describedby')).toBe(false);
    expect(bare.container.querySelector('#your-name-help')).toBeNull();
  });

  it('shows a problem as an alert, and nothing without one', () => {
    const page = render(<Alert problem="No room has this code." />);
    expect(page.getByRole('alert').textContent).toBe('No room has this code.');
    cleanup();
    expect(render(<Alert problem={null} />).container.innerHTML).toBe('');
  });

  it('links to the replay of a room without reloading the page', () => {
    const page = render(<ReplayLink code="ROOMCODE2345" testId="open-replay" />);
    const link = page.getByTestId('open-replay') as HTMLAnchorElement;
    expect(link.getAttribute('href')).toBe('/replay?room=ROOMCODE2345');
    fireEvent.click(link);
    expect(location.pathname + location.search).toBe('/replay?room=ROOMCODE2345');
    cleanup();
    expect(render(<ReplayLink code="ROOMCODE2345" />).container.querySelector('[data-testid]')).toBeNull();
  });
});
