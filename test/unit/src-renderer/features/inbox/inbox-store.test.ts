import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { DeliverySummary } from '../../../../../src-shared/inbox';

const list = vi.fn();
// The store's only way out is window.api; the test answers for it.
vi.mock('../../../../../src-renderer/lib/api', () => ({ api: { inbox: { list } } }));
const { useInbox } = await import('../../../../../src-renderer/features/inbox/inbox-store');

const delivery = (id: string, receivedAt: string, status: DeliverySummary['status'] = 'new') =>
  ({ id, receivedAt, status }) as DeliverySummary;

describe('inbox store', () => {
  beforeEach(() => {
    list.mockReset();
    useInbox.setState({ deliveries: { status: 'idle' }, filter: 'all' });
  });

  it('loads deliveries for the filter, and keeps a failure as a status', async () => {
    list.mockResolvedValueOnce({ ok: true, value: [delivery('a', '2026-01-01T10:00:00')] });
    await useInbox.getState().load();
    expect(list).toHaveBeenCalledWith({ limit: 500 });
    expect(useInbox.getState().deliveries.status).toBe('ready');

    list.mockResolvedValueOnce({ ok: false, error: { code: 'network', message: 'down' } });
    await useInbox.getState().load();
    expect(useInbox.getState().deliveries).toEqual({
      status: 'error',
      error: { code: 'network', message: 'down' },
    });
  });

  it('asks with the status when filtered, and drops an answer for a filter no longer chosen', async () => {
    let answer!: (value: unknown) => void;
    list.mockReturnValueOnce(new Promise((resolve) => (answer = resolve)));
    list.mockResolvedValueOnce({ ok: true, value: [delivery('h', '2026-01-01T10:00:00', 'handled')] });
    useInbox.getState().setFilter('new');
    useInbox.getState().setFilter('handled');
    await vi.waitFor(() => expect(useInbox.getState().deliveries.status).toBe('ready'));
    answer({ ok: true, value: [delivery('n', '2026-01-01T09:00:00')] });
    await Promise.resolve();
    expect(list).toHaveBeenNthCalledWith(1, { status: 'new', limit: 500 });
    const deliveries = useInbox.getState().deliveries;
    expect(deliveries.status === 'ready' && deliveries.value.map((d) => d.id)).toEqual(['h']);
  });

  it('puts a received delivery on top, replaces a changed one, and leaves out other statuses', () => {
    useInbox.setState({
      deliveries: { status: 'ready', value: [delivery('a', '2026-01-01T10:00:00')] },
      filter: 'new',
    });
    useInbox.getState().received(delivery('b', '2026-01-01T11:00:00'));
    useInbox.getState().received(delivery('a', '2026-01-01T10:00:00', 'handled'));
    const deliveries = useInbox.getState().deliveries;
    expect(deliveries.status === 'ready' && deliveries.value.map((d) => d.id)).toEqual(['b']);
  });

  it('ignores deliveries until the list is loaded', () => {
    useInbox.getState().received(delivery('a', '2026-01-01T10:00:00'));
    expect(useInbox.getState().deliveries.status).toBe('idle');
  });
});
