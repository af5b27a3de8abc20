import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createDelayedClose, HOVER_CLOSE_DELAY_MS } from '~/lib/browser/delayedClose';

describe('hover menu close delay', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('is 500 ms', () => {
    expect(HOVER_CLOSE_DELAY_MS).toBe(500);
  });

  it('closes 500 ms after the pointer leaves, not before', () => {
    const onClose = vi.fn();
    const menu = createDelayedClose(onClose);
    menu.schedule();
    vi.advanceTimersByTime(499);
    expect(onClose).not.toHaveBeenCalled();
    expect(menu.pending).toBe(true);
    vi.advanceTimersByTime(1);
    expect(onClose).toHaveBeenCalledTimes(1);
    expect(menu.pending).toBe(false);
  });

  it('stays open when the pointer comes back in time', () => {
    const onClose = vi.fn();
    const menu = createDelayedClose(onClose);
    menu.schedule();
    vi.advanceTimersByTime(300);
    menu.cancel();
    vi.advanceTimersByTime(1000);
    expect(onClose).not.toHaveBeenCalled();
  });

  it('restarts the countdown when the pointer leaves again', () => {
    const onClose = vi.fn();
    const menu = createDelayedClose(onClose);
    menu.schedule();
    vi.advanceTimersByTime(400);
    menu.schedule();
    vi.advanceTimersByTime(400);
    expect(onClose).not.toHaveBeenCalled();
    vi.advanceTimersByTime(100);
    expect(onClose).toHaveBeenCalledTimes(1);
  });

  it('uses injected timers and delay', () => {
    const set = vi.fn((_callback: () => void, _ms: number) => 7);
    const clear = vi.fn();
    const menu = createDelayedClose(() => {}, 250, { set, clear });
    menu.schedule();
    expect(set).toHaveBeenCalledWith(expect.any(Function), 250);
    menu.cancel();
    expect(clear).toHaveBeenCalledWith(7);
    menu.cancel();
    expect(clear).toHaveBeenCalledTimes(1);
  });
});
