import { calls } from '../../src-shared/contract';

/* Reads one batches.create input as JSON on stdin and writes what the contract made of it. */
let text = '';
process.stdin.setEncoding('utf8');
process.stdin.on('data', (chunk: string) => (text += chunk));
process.stdin.on('end', () => {
  const parsed = calls['batches.create'].input.safeParse(JSON.parse(text));
  const answer = parsed.success
    ? { success: true, sorted: parsed.data.sorted }
    : { success: false, messages: parsed.error.issues.map((issue) => issue.message) };
  process.stdout.write(JSON.stringify(answer));
});
