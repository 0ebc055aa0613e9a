import type { DeliverySummary } from '../../../src-shared/inbox';
import { limits } from '../../../src-shared/limits';
import type { Result } from '../../../src-shared/result';

/** One page of `inbox.list`, newest first, received before the delivery `before` (the first page without it). */
export type DeliveryPage = (before: string | undefined) => Promise<Result<DeliverySummary[]>>;

/** The most deliveries `inbox.list` answers at once. */
export const deliveryPageSize = 1_000;

/**
 * The ids of every delivery `page` lists, following on from `first` (a page already at hand) until a
 * page comes back short. "All of this profile" once meant the newest 1,000 (one page), while an
 * inbox keeps 10,000: the rest were left out with the count shown as if it were all. Stops one past
 * the deliveries a batch may be made from (main drops the ones that repeat a process, and holds the
 * batch to the processes left), so the count says there are too many without reading a huge inbox
 * whole.
 */
export async function allDeliveryIds(
  first: DeliverySummary[],
  page: DeliveryPage,
  most = limits.batchRawLines + 1,
): Promise<Result<string[]>> {
  const ids = first.map((delivery) => delivery.id);
  const taken = new Set(ids);
  let last = first;
  while (last.length >= deliveryPageSize && ids.length < most) {
    let next = await page(last.at(-1)!.id);
    // The page's last delivery may be gone meanwhile (an inbox at its cap drops one for each that
    // arrives): page on from one before it, further back each time (2nd, 3rd, 5th, 9th... last,
    // ten asks at most), and keep once what that lists again.
    for (
      let back = 2;
      !next.ok && next.error.code === 'not_found' && back <= last.length;
      back = back * 2 - 1
    )
      next = await page(last.at(-back)!.id);
    if (!next.ok) return next;
    for (const { id } of next.value) {
      if (!taken.has(id)) ids.push(id);
      taken.add(id);
    }
    last = next.value;
  }
  return { ok: true, value: ids.slice(0, most) };
}
