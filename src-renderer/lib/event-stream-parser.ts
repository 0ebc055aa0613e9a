/** One server-sent event as the browser shell's stream carries it: a name and its JSON payload. */
export interface StreamEvent {
  name: string;
  payload: unknown;
}

/**
 * Cuts complete events (blocks ending in a blank line) off the text received so far; `rest` is
 * the unfinished tail to prepend to the next chunk, since a chunk may end mid-event.
 */
export function takeEvents(buffer: string): { events: StreamEvent[]; rest: string } {
  const events: StreamEvent[] = [];
  let rest = buffer;
  let end: number;
  while ((end = rest.indexOf('\n\n')) >= 0) {
    const event = parseEventBlock(rest.slice(0, end));
    if (event) events.push(event);
    rest = rest.slice(end + 2);
  }
  return { events, rest };
}

/** Reads one `event:`/`data:` block; null for comments, keep-alives and unreadable data. */
export function parseEventBlock(block: string): StreamEvent | null {
  let name = '';
  let data = '';
  for (const line of block.split('\n')) {
    if (line.startsWith('event: ')) name = line.slice(7);
    else if (line.startsWith('data: ')) data += line.slice(6);
  }
  if (!name || !data) return null;
  try {
    return { name, payload: JSON.parse(data) };
  } catch {
    return null;
  }
}
