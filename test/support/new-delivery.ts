import type { NewDelivery } from '../../src-main/core/inbox/delivery-store';
import { parseDeliveryPayload } from '../../src-main/core/inbox/payload';

/** A delivery naming `processId` and `reference` (no documents, no fields), as the receiver records it. */
export function newDelivery(profileId: string, processId: string, reference: string): NewDelivery {
  const payload = { ProcessId: processId, ExternalReference: reference, Documents: [], Fields: [] };
  return {
    profileId,
    method: 'POST',
    path: `/inbox/${profileId}`,
    headers: {},
    payload,
    rawExcerpt: null,
    replyStatus: 200,
    replyBody: {},
    status: 'new',
    reason: null,
    view: parseDeliveryPayload(payload),
  };
}
