import {
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { saveDocument } from '../../../../../src-main/core/documents/save-document';
import { Failure } from '../../../../../src-main/core/failure';

const bytes = Buffer.from('<ServiceRequest><Request/></ServiceRequest>\n');
const folders: string[] = [];

function newFolder(): string {
  const folder = mkdtempSync(join(tmpdir(), 'pc-save-'));
  folders.push(folder);
  return folder;
}

async function failureOf(run: Promise<unknown>): Promise<Failure> {
  try {
    await run;
  } catch (error) {
    if (error instanceof Failure) return error;
    throw error;
  }
  throw new Error('expected a Failure');
}

describe('saving a document', () => {
  afterAll(() => {
    for (const folder of folders) rmSync(folder, { recursive: true, force: true });
  });

  it('writes the bytes to the chosen file and leaves no temporary file behind', async () => {
    const folder = newFolder();
    const target = join(folder, 'ServiceRequest.xml');
    expect(await saveDocument(bytes, target)).toEqual({ path: target, size: bytes.length });
    expect(readFileSync(target).equals(bytes)).toBe(true);
    expect(readdirSync(folder)).toEqual(['ServiceRequest.xml']);
  });

  it('replaces an existing file whole', async () => {
    const folder = newFolder();
    const target = join(folder, 'letter.pdf');
    writeFileSync(target, 'an older, longer version of the letter');
    await saveDocument(Buffer.from('%PDF-1.7'), target);
    expect(readFileSync(target, 'utf8')).toBe('%PDF-1.7');
    expect(readdirSync(folder)).toEqual(['letter.pdf']);
  });

  it('requires a full path', async () => {
    const failure = await failureOf(saveDocument(bytes, 'relative/ServiceRequest.xml'));
    expect(failure.error).toEqual({
      code: 'invalid_input',
      message:
        '"relative/ServiceRequest.xml" is not a full path; choose where to save the document in the dialog.',
    });
    expect((await failureOf(saveDocument(bytes, '  '))).error.code).toBe('invalid_input');
  });

  it('refuses a folder as the target', async () => {
    const folder = newFolder();
    mkdirSync(join(folder, 'sub'));
    expect((await failureOf(saveDocument(bytes, join(folder, 'sub')))).message).toMatch(
      /is a folder; choose a file name/,
    );
    expect((await failureOf(saveDocument(bytes, `${folder}/`))).message).toMatch(/is a folder/);
    symlinkSync(join(folder, 'sub'), join(folder, 'link'));
    expect((await failureOf(saveDocument(bytes, join(folder, 'link')))).message).toMatch(/is a folder/);
  });

  it('does not create a missing folder, or write through a file posing as one', async () => {
    const folder = newFolder();
    const missing = await failureOf(saveDocument(bytes, join(folder, 'missing', 'deeper', 'a.xml')));
    expect(missing.error).toEqual({
      code: 'invalid_input',
      message: `The folder "${join(folder, 'missing', 'deeper')}" does not exist; choose a folder that does.`,
    });
    expect(readdirSync(folder)).toEqual([]);
    writeFileSync(join(folder, 'file'), 'x');
    expect((await failureOf(saveDocument(bytes, join(folder, 'file', 'a.xml')))).message).toMatch(
      /is not a folder/,
    );
  });
});
