import { describe, expect, it } from 'vitest';
import { parseEventBlock, takeEvents } from '../../../../src-renderer/lib/event-stream-parser';

describe('event stream parser', () => {
  it('reads an event block into its name and JSON payload', () => {
    expect(parseEventBlock('event: inbox.delivery\ndata: {"id":"d1"}')).toEqual({
      name: 'inbox.delivery',
      payload: { id: 'd1' },
    });
  });

  it('joins data lines and ignores other fields', () => {
    expect(parseEventBlock('id: 7\nevent: x\ndata: {"a":\ndata: 1}')).toEqual({
      name: 'x',
      payload: { a: 1 },
    });
  });

  it('skips keep-alives, nameless blocks and unreadable data', () => {
    expect(parseEventBlock(': keep-alive')).toBeNull();
    expect(parseEventBlock('data: {"a":1}')).toBeNull();
    expect(parseEventBlock('event: x\ndata: {not json')).toBeNull();
  });

  it('cuts complete events and keeps an unfinished tail for the next chunk', () => {
    const first = takeEvents('event: a\ndata: 1\n\n: ping\n\nevent: b\ndata: ');
    expect(first.events).toEqual([{ name: 'a', payload: 1 }]);
    expect(first.rest).toBe('event: b\ndata: ');
    const second = takeEvents(`${first.rest}2\n\n`);
    expect(second).toEqual({ events: [{ name: 'b', payload: 2 }], rest: '' });
  });
});
