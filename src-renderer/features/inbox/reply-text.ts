import type { DeliverySummary } from '../../../src-shared/inbox';

/**
 * What became of the receiver's reply, in words: "answered 200", or, when the sender had stopped
 * waiting before the reply was written (its time limit passed during a configured delay), that the
 * reply never reached it, so nobody reads "answered 200" for a call the service counts as failed.
 */
export function replyText(delivery: Pick<DeliverySummary, 'replyStatus' | 'senderGaveUpAfterMs'>): string {
  if (delivery.senderGaveUpAfterMs === null) return `answered ${delivery.replyStatus}`;
  return (
    `the service timed out after ${seconds(delivery.senderGaveUpAfterMs)} s; ` +
    `the answer ${delivery.replyStatus} was not received`
  );
}

/** 0.3, 2.5, 10: tenths where they matter, whole seconds past ten. */
function seconds(ms: number): string {
  return String(Number((ms / 1000).toFixed(ms < 10_000 ? 1 : 0)));
}
