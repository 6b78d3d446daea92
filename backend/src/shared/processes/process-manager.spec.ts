import { Logger } from '@nestjs/common';
import { ProcessManager } from './process-manager';

class Recorder extends ProcessManager<number> {
  readonly log: string[] = [];

  constructor() {
    super('Recorder');
  }

  run(key: number, label: string, gate: Promise<void>): Promise<string> {
    return this.inTurn(key, async () => {
      this.log.push(`${label} start`);
      await gate;
      this.log.push(`${label} end`);
      return label;
    });
  }

  runRecorded(key: number, work: () => Promise<string>): Promise<string> {
    return this.leaveToSupervisor(key, work, 'left to the supervisor');
  }
}

describe('ProcessManager', () => {
  it('runs one key at a time in arrival order, and different keys side by side', async () => {
    const manager = new Recorder();
    let open!: () => void;
    const gate = new Promise<void>((resolve) => (open = resolve));
    const first = manager.run(1, 'a', gate);
    const second = manager.run(1, 'b', Promise.resolve());
    const other = manager.run(2, 'c', Promise.resolve());
    await other;
    // Key 2 finished while key 1's first run still waits; key 1's second run has not started.
    expect(manager.log).toEqual(['a start', 'c start', 'c end']);
    open();
    await Promise.all([first, second]);
    expect(manager.log).toEqual(['a start', 'c start', 'c end', 'a end', 'b start', 'b end']);
  });

  it('a failed run does not block the next run of its key', async () => {
    const manager = new Recorder();
    await expect(manager.run(1, 'a', Promise.reject(new Error('storage failed')))).rejects.toThrow('storage failed');
    await expect(manager.run(1, 'b', Promise.resolve())).resolves.toBe('b');
  });

  it('leaves a failure after the request’s own fact to the supervisor, logged with the key', async () => {
    const manager = new Recorder();
    const errors = jest.spyOn(Logger.prototype, 'error').mockImplementation(() => undefined);
    try {
      await expect(manager.runRecorded(7, () => Promise.reject(new Error('disk full')))).resolves.toBe('left to the supervisor');
      expect(errors).toHaveBeenCalledWith('Recorder of 7 stopped; the supervisor will finish it', expect.stringContaining('disk full'));
      await expect(manager.runRecorded(8, () => Promise.resolve('done'))).resolves.toBe('done');
    } finally {
      errors.mockRestore();
    }
  });
});
