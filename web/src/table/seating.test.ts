import { describe, expect, it } from 'vitest';
import { room } from '../../test/fixtures';
import { placeOf, pointOfView, seatName, seatsByPlace, sideOf, teamName, teamsInOrder } from './seating';

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

describe('seat and team names', () => {
  it('calls the viewer You, people by their names and unnamed bots by their place', () => {
    const pov = pointOfView(1, room());
    expect(seatName(pov, 1)).toBe('You');
    expect(seatName(pov, 0)).toBe('Ana'); // a person's name, whatever the place
    expect(seatName(pov, 2)).toBe('East'); // a bot named after its kind: its place
    expect(seatName(pov, 3)).toBe('North');
    const unnamed = room();
    unnamed.seats[0] = { ...unnamed.seats[0]!, name: '' };
    expect(seatName(pointOfView(1, unnamed), 0)).toBe('West'); // seat 0 sits left of seat 1
    expect(seatName(pointOfView(null, unnamed), 0)).toBe('South');
  });

  it('says We and They from a player chair, and names both seats for a spectator', () => {
    const player = pointOfView(1, room());
    expect(teamName(player, 1)).toBe('We');
    expect(teamName(player, 0)).toBe('They');
    expect(sideOf(player, 1)).toBe('ours');
    expect(teamsInOrder(player)).toEqual([1, 0]);
    const spectator = pointOfView(null, room());
    expect(sideOf(spectator, 0)).toBe('neutral');
    expect(teamName(spectator, 0)).toBe('Ana and North');
    expect(teamsInOrder(spectator)).toEqual([0, 1]);
  });
});
