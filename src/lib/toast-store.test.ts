import { vi } from 'vitest';
import { dismissToast, getToasts, toast } from './toast-store';

describe('toast store', () => {
  it('keeps one toast at a time, the newest', () => {
    toast({ title: '一つ目' });
    toast({ title: '二つ目', variant: 'error' });
    expect(getToasts()).toHaveLength(1);
    expect(getToasts()[0]).toMatchObject({ title: '二つ目', variant: 'error', open: true });
  });

  it('closes a dismissed toast at once and removes it after 1,000,000 ms', () => {
    vi.useFakeTimers();
    const id = toast({ title: '保存しました' });
    dismissToast(id);
    expect(getToasts()[0]).toMatchObject({ id, open: false });
    vi.advanceTimersByTime(999_999);
    expect(getToasts().some((t) => t.id === id)).toBe(true);
    vi.advanceTimersByTime(1);
    expect(getToasts().some((t) => t.id === id)).toBe(false);
    vi.useRealTimers();
  });
});
