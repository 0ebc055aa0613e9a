import type { DomainHandlers } from './handler-types';
import { submitTestForm } from '../core/forms-submit';
import { configureInbox, deliveryOfProfile, parsePastedJson } from '../core/inbox-calls';

/** The integration workbench: the receiver's inbox, the walk through the pattern, test forms. */
export const workbenchHandlers: DomainHandlers<'inbox' | 'walk' | 'forms'> = {
  'inbox.settings': (core, { profileId }) => core.inbox.settings(core.profiles.get(profileId).id),
  'inbox.configure': (core, { profileId, sharedHeader, ...patch }) =>
    configureInbox(core, profileId, patch, sharedHeader),
  'inbox.list': (core, filter) => core.inbox.list(filter),
  'inbox.get': (core, { deliveryId }) => core.inbox.get(deliveryId),
  'inbox.setStatus': (core, { deliveryId, status }) => core.inbox.setStatus(deliveryId, status),
  'inbox.parsePayload': (core, { json }) => core.inbox.parsePayload(parsePastedJson(json)),
  'walk.get': (core, { deliveryId }) => core.inbox.getProgress(deliveryId),
  'walk.save': (core, { deliveryId, profileId, progress }) =>
    core.inbox.saveProgress(deliveryOfProfile(core, deliveryId, profileId).id, progress),
  'forms.submit': (core, { profileId, ...submission }) =>
    submitTestForm(core.profiles.get(profileId), submission),
};
