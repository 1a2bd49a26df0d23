import { describe, expect, it } from 'vitest';
import { Gathering } from './gathering';

/** A gathering whose runs are recorded and held until released, one at a time. */
function recorded(options: { failMany?: (items: number[]) => boolean; most?: number } = {}) {
  const runs: number[][] = [];
  const held: (() => void)[] = [];
  const hold = () => new Promise<void>((resolve) => held.push(resolve));
  const gathering = new Gathering<number, string>(
    async (item) => {
      runs.push([item]);
      await hold();
      if (item < 0) throw new Error(`no ${item}`);
      return `one ${item}`;
    },
    async (items) => {
      runs.push(items);
      await hold();
      if (options.failMany?.(items)) throw new Error('many failed');
      return items.map((item) => `many ${item}`);
    },
    options.most,
  );
  /** Releases the runs in flight until every call has its answer. */
  const settle = async <T>(answers: Promise<T>) => {
    let done = false;
    void answers.finally(() => {
      done = true;
    });
    while (!done) {
      await new Promise((resolve) => setImmediate(resolve));
      for (const release of held.splice(0)) release();
    }
    return answers;
  };
  return { gathering, runs, settle };
}

describe('work gathered while its key is in flight', () => {
  it('the first call runs alone at once; those arriving meanwhile run together next, at most `most` at a time', async () => {
    const { gathering, runs, settle } = recorded({ most: 3 });
    const answers = Promise.all([1, 2, 3, 4, 5].map((item) => gathering.run('a', item)));
    expect(runs).toEqual([[1]]);
    expect(await settle(answers)).toEqual(['one 1', 'many 2', 'many 3', 'many 4', 'one 5']);
    expect(runs).toEqual([[1], [2, 3, 4], [5]]);
  });

  it('keys run apart; a key with nothing in flight starts again alone', async () => {
    const { gathering, runs, settle } = recorded();
    const first = Promise.all([gathering.run('a', 1), gathering.run('b', 2), gathering.run('a', 3), gathering.run('b', 4)]);
    expect(await settle(first)).toEqual(['one 1', 'one 2', 'one 3', 'one 4']);
    expect(runs).toEqual([[1], [2], [3], [4]]);
    expect(await settle(gathering.run('a', 5))).toBe('one 5');
  });

  it('when the run of several fails, each runs again alone, in turn, and gets its own answer or error', async () => {
    const { gathering, runs, settle } = recorded({ failMany: (items) => items.includes(-3) });
    const answers = Promise.allSettled([1, 2, -3, 4].map((item) => gathering.run('a', item)));
    const settled = await settle(answers);
    expect(settled.map((answer) => (answer.status === 'fulfilled' ? answer.value : (answer.reason as Error).message))).toEqual([
      'one 1',
      'one 2',
      'no -3',
      'one 4',
    ]);
    expect(runs).toEqual([[1], [2, -3, 4], [2], [-3], [4]]);
  });
});
