import { describe, expect, it } from 'vitest';
import { replyText } from '../../../../../src-renderer/features/inbox/reply-text';

describe('the words for what became of a reply', () => {
  it('says the answer when the sender waited for it', () => {
    expect(replyText({ replyStatus: 200, senderGaveUpAfterMs: null })).toBe('answered 200');
  });

  it('says the service timed out, not that it answered, when the sender gave up first', () => {
    expect(replyText({ replyStatus: 200, senderGaveUpAfterMs: 10_012 })).toBe(
      'the service timed out after 10 s; the answer 200 was not received',
    );
    expect(replyText({ replyStatus: 201, senderGaveUpAfterMs: 304 })).toBe(
      'the service timed out after 0.3 s; the answer 201 was not received',
    );
  });
});
