import { BoundedWork } from './bounded-work';

/** A task that runs until released, recording when it started. */
function held(started: number[], id: number) {
  let release!: () => void;
  const done = new Promise<void>((resolve) => (release = resolve));
  return {
    task: async () => {
      started.push(id);
      await done;
      return id;
    },
    release: () => release(),
  };
}

const settle = () => new Promise((resolve) => setImmediate(resolve));

describe('BoundedWork', () => {
  it('runs at most `concurrency` tasks at once and starts waiting ones in order', async () => {
    const work = new BoundedWork(2, 3);
    const started: number[] = [];
    const tasks = [1, 2, 3, 4].map((id) => held(started, id));
    const results = tasks.map(({ task }) => work.run([task]));
    await settle();
    expect(started).toEqual([1, 2]);
    tasks[1].release();
    await settle();
    expect(started).toEqual([1, 2, 3]);
    tasks[0].release();
    await settle();
    expect(started).toEqual([1, 2, 3, 4]);
    tasks[2].release();
    tasks[3].release();
    expect(await Promise.all(results)).toEqual([[1], [2], [3], [4]]);
  });

  it('refuses a batch, whole, that would not fit beside the running and waiting ones', async () => {
    const work = new BoundedWork(1, 2);
    const started: number[] = [];
    const first = held(started, 1);
    const second = held(started, 2);
    const running = work.run([first.task, second.task]);
    expect(running).toBeDefined();
    expect(work.run([held(started, 3).task, held(started, 4).task])).toBeUndefined();
    const third = held(started, 5);
    const fits = work.run([third.task]);
    expect(fits).toBeDefined();
    expect(work.run([held(started, 6).task])).toBeUndefined();
    first.release();
    second.release();
    third.release();
    expect(await running).toEqual([1, 2]);
    expect(await fits).toEqual([5]);
    expect(started).toEqual([1, 2, 5]);
  });

  it('frees the turn of a task that fails', async () => {
    const work = new BoundedWork(1, 0);
    await expect(work.run([() => Promise.reject(new Error('argon2 failed'))])).rejects.toThrow(
      'argon2 failed',
    );
    expect(await work.run([() => Promise.resolve('next')])).toEqual(['next']);
  });
});
