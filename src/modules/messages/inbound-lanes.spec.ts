import { describe, expect, it } from '@jest/globals';
import { InboundLanes } from './inbound-lanes.js';

/** A task that records its start and end, and ends when the test says so. */
function gate(log: string[], name: string) {
  let open!: () => void;
  const opened = new Promise<void>((resolve) => {
    open = resolve;
  });
  return {
    open,
    task: async () => {
      log.push(`start ${name}`);
      await opened;
      log.push(`end ${name}`);
    },
  };
}

const settle = () => new Promise((resolve) => setImmediate(resolve));

describe('InboundLanes', () => {
  it('runs the messages of one conversation in order and different conversations side by side', async () => {
    const log: string[] = [];
    const lanes = new InboundLanes(() => undefined);
    const a1 = gate(log, 'a1');
    const a2 = gate(log, 'a2');
    const b1 = gate(log, 'b1');
    void lanes.chat(1, 'a', a1.task);
    void lanes.chat(1, 'a', a2.task);
    void lanes.chat(1, 'b', b1.task);
    await settle();
    expect(log).toEqual(['start a1', 'start b1']);
    b1.open();
    await settle();
    expect(log).toContain('end b1');
    expect(log).not.toContain('start a2');
    a1.open();
    a2.open();
    await lanes.drain();
    expect(log.indexOf('start a2')).toBeGreaterThan(log.indexOf('end a1'));
  });

  it('runs a trailing task after every conversation task queued before it closed, without holding later ones', async () => {
    const log: string[] = [];
    const lanes = new InboundLanes(() => undefined);
    const a1 = gate(log, 'a1');
    const b1 = gate(log, 'b1');
    void lanes.chat(1, 'a', a1.task);
    void lanes.trailing(1, async (waitForEarlier) => {
      log.push('receipts closed');
      await waitForEarlier();
      log.push('receipts applied');
    });
    void lanes.chat(1, 'b', b1.task);
    await settle();
    // b1 was queued before the receipts task started, so the receipts wait for it too; b1 itself does not wait.
    expect(log).toEqual(['start a1', 'receipts closed', 'start b1']);
    b1.open();
    await settle();
    expect(log).not.toContain('receipts applied');
    a1.open();
    await lanes.drain();
    expect(log.at(-1)).toBe('receipts applied');
  });

  it('holds everything queued after a barrier until it ends, and the barrier waits for everything before it', async () => {
    const log: string[] = [];
    const lanes = new InboundLanes(() => undefined);
    const a1 = gate(log, 'a1');
    const replay = gate(log, 'replay');
    const b1 = gate(log, 'b1');
    void lanes.chat(1, 'a', a1.task);
    void lanes.barrier(1, replay.task);
    const epochAfterBarrier = lanes.epoch(1);
    void lanes.chat(1, 'b', b1.task);
    void lanes.trailing(1, async (waitForEarlier) => {
      await waitForEarlier();
      log.push('receipts applied');
    });
    await settle();
    expect(log).toEqual(['start a1']);
    a1.open();
    await settle();
    expect(log).toEqual(['start a1', 'end a1', 'start replay']);
    replay.open();
    b1.open();
    await lanes.drain();
    expect(log.indexOf('start b1')).toBeGreaterThan(log.indexOf('end replay'));
    expect(log.indexOf('receipts applied')).toBeGreaterThan(log.indexOf('end b1'));
    expect(epochAfterBarrier).toBe(1);
  });

  it('never deadlocks a trailing task queued before a barrier on work queued after it', async () => {
    const log: string[] = [];
    const lanes = new InboundLanes(() => undefined);
    const a1 = gate(log, 'a1');
    void lanes.chat(1, 'a', a1.task);
    void lanes.trailing(1, async (waitForEarlier) => {
      await waitForEarlier();
      log.push('receipts applied');
    });
    void lanes.barrier(1, async () => {
      log.push('replay');
    });
    void lanes.chat(1, 'a', async () => {
      log.push('a2');
    });
    a1.open();
    await lanes.drain();
    expect(log).toEqual(['start a1', 'end a1', 'receipts applied', 'replay', 'a2']);
  });

  it('reports a failing task and goes on with the next one', async () => {
    const errors: unknown[] = [];
    const lanes = new InboundLanes((_, error) => errors.push(error));
    const log: string[] = [];
    void lanes.chat(7, 'a', async () => {
      throw new Error('broken');
    });
    void lanes.chat(7, 'a', async () => {
      log.push('next');
    });
    await lanes.drain();
    expect(log).toEqual(['next']);
    expect(String(errors[0])).toContain('broken');
  });
});
