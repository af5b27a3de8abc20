import { describe, expect, it, vi } from 'vitest';
import type { Notification } from '~/lib/browser/notifications';
import { createNotifier } from '~/stores/toast';

describe('notifications', () => {
  it('shows a notification with a given id only once', () => {
    const show = vi.fn();
    const notify = createNotifier(show);
    const expired: Notification = {
      id: 'session-expired',
      type: 'error',
      message: 'Session expired',
      duration: 2500,
    };
    expect(notify(expired)).toBe(true);
    expect(notify(expired)).toBe(false);
    expect(notify({ ...expired, message: 'Session expired again' })).toBe(false);
    expect(show).toHaveBeenCalledTimes(1);
    expect(show).toHaveBeenCalledWith(expired);
  });

  it('shows notifications with different ids', () => {
    const show = vi.fn();
    const notify = createNotifier(show);
    notify({ id: 'a', type: 'success', message: 'Campaign saved successfully.' });
    notify({ id: 'b', type: 'success', message: 'Campaign saved successfully.' });
    expect(show).toHaveBeenCalledTimes(2);
  });

  it('always shows notifications without an id', () => {
    const show = vi.fn();
    const notify = createNotifier(show);
    notify({ type: 'info', message: 'Donation updated' });
    notify({ type: 'info', message: 'Donation updated' });
    expect(show).toHaveBeenCalledTimes(2);
  });

  it('keeps each notifier its own memory', () => {
    const first = vi.fn();
    const second = vi.fn();
    createNotifier(first)({ id: 'x', type: 'info', message: 'one' });
    createNotifier(second)({ id: 'x', type: 'info', message: 'one' });
    expect(first).toHaveBeenCalledTimes(1);
    expect(second).toHaveBeenCalledTimes(1);
  });
});
