/** "1 process", "1,200 processes": a count with its noun, for main's names and the renderer's sentences alike. */
export function counted(count: number, one: string, many: string): string {
  return `${count.toLocaleString('en')} ${count === 1 ? one : many}`;
}
