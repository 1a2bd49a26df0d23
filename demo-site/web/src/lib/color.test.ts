import { describe, expect, it } from 'vitest';
import { readableOn } from './color';

describe('readableOn', () => {
  it.each([
    ['#e30613', '#ffffff'],
    ['#1f2a6b', '#ffffff'],
    ['#ffd400', '#000000'],
    ['#ffffff', '#000000'],
    ['not a colour', '#ffffff'],
  ])('%s → %s', (background, text) => {
    expect(readableOn(background)).toBe(text);
  });
});
