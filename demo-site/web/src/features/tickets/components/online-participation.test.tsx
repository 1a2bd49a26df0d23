import { describe, expect, it } from 'vitest';
import { onlineTimePattern } from './online-participation';

describe('online participation time', () => {
  it('takes HH:MM:SS or MM:SS as the server does', () => {
    for (const good of ['45:07', '1:02:03', '01:02:03', '9:59']) expect(onlineTimePattern.test(good), good).toBe(true);
    for (const bad of ['', '45', '45:60', '1:2:3', 'abc', '12:61:00']) expect(onlineTimePattern.test(bad), bad).toBe(false);
  });
});
