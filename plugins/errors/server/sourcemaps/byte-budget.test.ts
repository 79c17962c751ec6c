import { describe, expect, it } from 'vitest';
import { ByteBudget } from './byte-budget.js';

const tick = () => new Promise((resolve) => setImmediate(resolve));

describe('ByteBudget', () => {
  it('admits work while it fits, then in order of arrival as room is given back', async () => {
    const budget = new ByteBudget(100);
    const first = await budget.acquire(60);
    const admitted: string[] = [];
    const second = budget.acquire(50).then((release) => (admitted.push('second'), release));
    // Fits, but waits behind the second: arrival order keeps a large load from starving.
    const third = budget.acquire(10).then((release) => (admitted.push('third'), release));
    await tick();
    expect(admitted).toEqual([]);
    expect(budget.state()).toEqual({ held: 60, waiting: 2 });
    first();
    first();
    await tick();
    expect(admitted).toEqual(['second', 'third']);
    expect(budget.state()).toEqual({ held: 60, waiting: 0 });
    (await second)();
    (await third)();
    expect(budget.state()).toEqual({ held: 0, waiting: 0 });
  });

  it('admits work larger than the whole budget alone', async () => {
    const budget = new ByteBudget(100);
    const small = await budget.acquire(1);
    let huge = false;
    const waiting = budget.acquire(Infinity).then((release) => ((huge = true), release));
    await tick();
    expect(huge).toBe(false);
    small();
    const release = await waiting;
    expect(budget.state().held).toBe(100);
    release();
    expect(budget.state().held).toBe(0);
  });
});
