import { describe, expect, it } from 'vitest';
import { attachToastSink, isToastWanted, notify, subscribeToastDemand, type ToastMessage } from '../src/lib/notify';

describe('notify: toasts before and after the lazy container mounts', () => {
  it('queues messages, asks for the container once, then replays them in order and sends later ones directly', () => {
    let demands = 0;
    const unsubscribe = subscribeToastDemand(() => (demands += 1));
    expect(isToastWanted()).toBe(false);

    notify.error('cannot order less then 1000 and greater than 5000');
    notify.success('Booking is set');
    expect(isToastWanted()).toBe(true);
    expect(demands).toBe(1);

    const shown: ToastMessage[] = [];
    const detach = attachToastSink((message) => shown.push(message));
    expect(shown).toEqual([
      { kind: 'error', text: 'cannot order less then 1000 and greater than 5000' },
      { kind: 'success', text: 'Booking is set' },
    ]);

    notify.info('profile is added');
    expect(shown).toHaveLength(3);
    expect(shown[2]).toEqual({ kind: 'info', text: 'profile is added' });
    expect(demands).toBe(1);

    // After the container goes away, messages wait again instead of being lost.
    detach();
    notify.success('review added successfully');
    const later: ToastMessage[] = [];
    attachToastSink((message) => later.push(message));
    expect(later).toEqual([{ kind: 'success', text: 'review added successfully' }]);
    unsubscribe();
  });
});
