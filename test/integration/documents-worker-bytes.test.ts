import { afterAll, describe, expect, it } from 'vitest';
import { createDocumentDecoder } from '../../src-main/core/documents/document-decoder';
import { answerBytes, type DocumentAnswerBytes } from '../../src-main/core/documents/document-answer';
import { depthWarning, doctypeWarning } from '../../src-main/core/documents/xml-parser';
import { Failure } from '../../src-main/core/failure';
import { rawDocument } from '../unit/src-main/core/documents/service-request-fixture';
import { sourceDocumentWorker } from '../support/document-worker';

/*
 * The answer of the documents operation handed to the worker as it arrived: bytes, transferred.
 * The worker reads, cleans and checks it, so every refusal main used to make must come back
 * from the worker with the same sentence.
 */
const decoder = createDocumentDecoder(sourceDocumentWorker);
afterAll(() => decoder.close());

function answerOf(raw: unknown, secrets: string[] = []): DocumentAnswerBytes {
  return { bytes: answerBytes(raw), secrets, profileName: 'Echo test', operation: 'reading a document' };
}

function bytesOf(text: string): DocumentAnswerBytes {
  const bytes = new TextEncoder().encode(text).buffer as ArrayBuffer;
  return { bytes, secrets: [], profileName: 'Echo test', operation: 'reading a document' };
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

describe('a document handed to the worker as bytes', () => {
  it('is taken over, not copied: the caller’s buffer is empty once it is posted', async () => {
    const answer = answerOf(rawDocument('<ServiceRequest><Request/></ServiceRequest>'));
    const opening = decoder.open(answer);
    expect(answer.bytes.byteLength).toBe(0);
    expect((await opening).tree?.root.name).toBe('ServiceRequest');
  });

  it('still refuses a DOCTYPE, declared entities and deep nesting with the same warnings', async () => {
    const laugh = await decoder.open(answerOf(rawDocument('<!DOCTYPE r [<!ENTITY e "x">]><r>&e;</r>')));
    expect(laugh.warnings).toEqual([doctypeWarning]);
    expect(laugh.tree).toBeUndefined();
    const entity = await decoder.open(answerOf(rawDocument('<!ENTITY x "y"><r>&x;</r>')));
    expect(entity.warnings).toEqual([doctypeWarning]);
    const deep = await decoder.open(answerOf(rawDocument(`${'<a>'.repeat(5000)}x${'</a>'.repeat(5000)}`)));
    expect(deep.warnings).toEqual([depthWarning]);
    expect(deep.tree).toBeUndefined();
  });

  it('still refuses a document over 32 MiB and damaged base64 with the same sentences', async () => {
    const big = await failureOf(
      decoder.open(
        answerOf({ filename: 'a.xml', contentType: 'text/xml', contents: 'A'.repeat(46_000_000) }),
      ),
    );
    expect(big.error.code).toBe('bad_response');
    expect(big.message).toMatch(
      /^The document is about 32\.9 MiB once decoded; the console opens documents of up to 32\.0 MiB\.$/,
    );
    const damaged = await failureOf(
      decoder.open(answerOf({ filename: 'a.xml', contentType: 'text/xml', contents: 'PGEv*Pg=' })),
    );
    expect(damaged.message).toBe(
      "The document's contents are not valid base64: character 5 ('*') is not in the base64 alphabet.",
    );
  });

  it('refuses an answer that is not the API’s document with the client’s sentences', async () => {
    const html = await failureOf(decoder.open(bytesOf('<html>login</html>')));
    expect(html.error).toEqual({
      code: 'bad_response',
      message:
        'The service\'s answer to reading a document is HTML or XML, not JSON; it may not be the Process Integration API. Check the base URL and endpoint map of profile "Echo test".',
    });
    const missing = await failureOf(decoder.open(bytesOf('{"filename":"a.xml","contentType":"text/xml"}')));
    expect(missing.message).toMatch(/^The service's answer to reading a document is missing "contents"/);
  });

  it('cleans secret values a gateway echoes into the name and type out of what is shown', async () => {
    const key = 'sentinel-key-2f9c41';
    const basic = Buffer.from(`${key}:sentinel/secret+1=`).toString('base64');
    const view = await decoder.open(
      answerOf(
        {
          filename: `report-${key}.xml`,
          contentType: `text/xml; echo=${key}`,
          contents: Buffer.from('<a/>').toString('base64'),
        },
        [key, 'sentinel/secret+1=', basic],
      ),
    );
    expect(JSON.stringify(view)).not.toContain(key);
    expect(view.filename).toBe('report-[redacted].xml');
    // The Basic value is spelled in base64: echoed into the contents it is cleaned out too, so the
    // contents are refused as damaged rather than decoded.
    const echoed = await failureOf(
      decoder.open(
        answerOf({ filename: 'a.xml', contentType: 'text/xml', contents: `${basic}AA` }, [key, basic]),
      ),
    );
    expect(echoed.message).toBe(
      "The document's contents are not valid base64: character 1 ('[') is not in the base64 alphabet.",
    );
  });
});
