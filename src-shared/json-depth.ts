/**
 * The deepest nesting of objects and arrays the console takes in parsed JSON: a bridge call's
 * input, a delivered or pasted payload. None of them is more than a few levels deep, while a
 * document nested some thousands of levels overflows the stack of every recursive walk
 * (JSON.stringify, a schema's issue paths), an exception no caller expects.
 */
export const maxJsonDepth = 64;

/**
 * Whether parsed JSON nests objects and arrays more than `max` levels (a scalar is level 0, `[]`
 * level 1). A loop, not recursion, so any depth is safe to ask about; it stops at the first
 * value too deep.
 */
export function nestedDeeperThan(value: unknown, max: number = maxJsonDepth): boolean {
  const pending: Array<{ value: unknown; depth: number }> = [{ value, depth: 0 }];
  while (pending.length > 0) {
    const { value: node, depth } = pending.pop()!;
    if (node === null || typeof node !== 'object') continue;
    if (depth + 1 > max) return true;
    for (const child of Object.values(node)) {
      if (child !== null && typeof child === 'object') pending.push({ value: child, depth: depth + 1 });
    }
  }
  return false;
}
