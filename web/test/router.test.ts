import { describe, expect, it } from 'vitest';
import { normalizeCode, parseRoute } from '../src/router';

describe('routes', () => {
  it('reads the lobby, rooms and the replay viewer', () => {
    expect(parseRoute('/')).toEqual({ page: 'lobby' });
    expect(parseRoute('/r/7kq2-mz9x-hd4p')).toEqual({ page: 'room', code: '7KQ2MZ9XHD4P' });
    expect(parseRoute('/r/JRK4GKGT4JKZ/')).toEqual({ page: 'room', code: 'JRK4GKGT4JKZ' });
    expect(parseRoute('/replay', '?room=jrk4 gkgt 4jkz')).toEqual({ page: 'replay', room: 'JRK4GKGT4JKZ' });
    expect(parseRoute('/replay', '')).toEqual({ page: 'replay', room: null });
    expect(parseRoute('/nowhere')).toEqual({ page: 'missing' });
    expect(parseRoute('/r/')).toEqual({ page: 'missing' });
  });

  it('writes room codes as the server does', () => {
    expect(normalizeCode(' 7kq2-mz9x hd4p ')).toBe('7KQ2MZ9XHD4P');
  });
});
