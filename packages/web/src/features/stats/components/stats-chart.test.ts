import { describe, expect, it } from 'vitest';
import { shortLabel } from './stats-chart';

describe("a top product's label beside its bar", () => {
  const name = 'Kestrel K7 8-Core Desktop Processor';
  it('is shortened to two fifths of a phone-width chart', () => {
    expect(shortLabel(name, 343)).toBe('Kestrel K7 8-Core…');
    expect(shortLabel(name, 100)).toBe('Kestrel K7…');
  });
  it('is whole where it fits', () => {
    expect(shortLabel(name, 900)).toBe(name);
  });
});
