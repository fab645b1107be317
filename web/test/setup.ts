// Before every test file: unit tests have no server, so a fetch nobody stubbed is refused
// at once (the page then goes on without what it asked for, as it does offline) instead
// of happy-dom trying a connection to a port where nothing listens.
import { vi } from 'vitest';

vi.stubGlobal(
  'fetch',
  vi.fn(async () => {
    throw new TypeError('no network in unit tests');
  }),
);
