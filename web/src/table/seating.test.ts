import { describe, expect, it } from 'vitest';
import { room } from '../../test/fixtures';
import {
  botKind,
  displayName,
  kindWord,
  ownName,
  placeOf,
  pointOfView,
  positionWord,
  seatLabel,
  seatName,
  seatsByPlace,
  sideOf,
  teamName,
  teamsInOrder,
} from './seating';

describe('seat placement relative to the viewer (R-N4: the next seat plays on your right)', () => {
  it('puts the viewer at the bottom and the others around in playing order', () => {
    const pov = pointOfView(2, room());
    expect(placeOf(pov, 2)).toBe('bottom');
    expect(placeOf(pov, 3)).toBe('right');
    expect(placeOf(pov, 0)).toBe('top');
    expect(placeOf(pov, 1)).toBe('left');
    expect(seatsByPlace(pov)).toEqual([2, 3, 0, 1]);
  });

  it('shows a spectator seat 0 at the bottom', () => {
    const pov = pointOfView(null, room());
    expect(seatsByPlace(pov)).toEqual([0, 1, 2, 3]);
    expect(placeOf(pov, 1)).toBe('right');
    expect(placeOf(pov, 3)).toBe('left');
  });

  it('gives every seat a different place from every chair', () => {
    for (const viewer of [null, 0, 1, 2, 3]) {
      const pov = pointOfView(viewer, room());
      expect(new Set([0, 1, 2, 3].map((seat) => placeOf(pov, seat))).size).toBe(4);
    }
  });
});

describe('seat names: the same for every viewer', () => {
  it('names people by their names, bots without one "Bot N (kind)" in seat order, open seats "Open seat"', () => {
    const seats = room({
      seats: [
        { seat: 0, player: 'human', name: 'Ana', taken: true, connected: true, away: false },
        { seat: 1, player: 'search:guesses=40', name: 'search:guesses=40', taken: false, connected: false, away: false },
        { seat: 2, player: 'human', name: '', taken: false, connected: false, away: false },
        { seat: 3, player: 'random', name: '', taken: false, connected: false, away: false },
      ],
    }).seats;
    expect([0, 1, 2, 3].map((seat) => displayName(seats, seat))).toEqual([
      'Ana',
      'Bot 1 (search)', // the kind is the spec before its options; its name was the spec
      'Open seat',
      'Bot 2 (random)', // an empty name is no name of its own either
    ]);
  });

  it('keeps a bot’s own name, counts it among the bots, and names a person who typed nothing by the seat', () => {
    const seats = room().seats.map((info) => ({ ...info }));
    seats[1] = { ...seats[1]!, name: 'Robo' };
    seats[0] = { ...seats[0]!, name: '  ' };
    expect(displayName(seats, 0)).toBe('Seat 0');
    expect(displayName(seats, 1)).toBe('Robo');
    expect(displayName(seats, 2)).toBe('Bot 2 (heuristic)');
    expect(ownName(seats[3])).toBe('');
    expect(botKind('search:guesses=40')).toBe('search');
    expect(kindWord('mystery')).toBe('mystery'); // a kind the page has no words for
  });

  it('gives a seat the same name from every chair and for a spectator, the viewer’s own too', () => {
    for (const seat of [0, 1, 2, 3]) {
      const names = new Set([null, 0, 1, 2, 3].map((viewer) => seatName(pointOfView(viewer, room()), seat)));
      expect(names.size).toBe(1);
    }
    expect(seatName(pointOfView(0, room()), 0)).toBe('Ana');
    expect(seatName(pointOfView(0, null), 2)).toBe('Seat 2'); // no room frame yet
  });

  it('says where each seat is from the viewer’s chair: you, right (next to play), partner, left', () => {
    const pov = pointOfView(1, room());
    expect([0, 1, 2, 3].map((seat) => positionWord(pov, seat))).toEqual(['left', 'you', 'right', 'partner']);
    expect(seatLabel(pov, 2)).toBe('Bot 2 (heuristic) · right');
    expect(seatLabel(pointOfView(0, room()), 2)).toBe('Bot 2 (heuristic) · partner');
    expect(seatLabel(pointOfView(0, room()), 0)).toBe('Ana · you');
  });

  it('gives a spectator the compass of the screen instead', () => {
    const pov = pointOfView(null, room());
    expect([0, 1, 2, 3].map((seat) => positionWord(pov, seat))).toEqual(['South', 'East', 'North', 'West']);
    expect(seatLabel(pov, 3)).toBe('Bot 3 (heuristic) · West');
  });
});

describe('team names', () => {
  it('says We and They from a player chair, and names both seats for a spectator', () => {
    const player = pointOfView(1, room());
    expect(teamName(player, 1)).toBe('We');
    expect(teamName(player, 0)).toBe('They');
    expect(sideOf(player, 1)).toBe('ours');
    expect(teamsInOrder(player)).toEqual([1, 0]);
    const spectator = pointOfView(null, room());
    expect(sideOf(spectator, 0)).toBe('neutral');
    expect(teamName(spectator, 0)).toBe('Ana and Bot 2 (heuristic)');
    expect(teamsInOrder(spectator)).toEqual([0, 1]);
  });
});
