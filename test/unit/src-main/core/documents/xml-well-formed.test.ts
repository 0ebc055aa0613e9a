import { XMLValidator } from 'fast-xml-parser';
import { describe, expect, it } from 'vitest';
import { decodeDocument } from '../../../../../src-main/core/documents/decode-document';
import { maxValidatorSentenceChars } from '../../../../../src-main/core/documents/limits';
import { xmlTextWarning } from '../../../../../src-main/core/documents/xml-parser';
import { firstRefusal, passesXmlValidator } from '../../../../../src-main/core/documents/xml-well-formed';
import { rawDocument, serviceRequestOfSize, serviceRequestXml } from './service-request-fixture';
import { validatorQuirks } from './xml-corpus';

/*
 * The fast well-formedness check stands in for XMLValidator on every document, so it must accept
 * exactly what the validator accepts: a document it let through wrongly would be parsed by a
 * parser that does not check tag balance or attribute syntax.
 */

const validatorSays = (xml: string) => XMLValidator.validate(xml) === true;

// The malformations the console refuses, each with the sentence the user reads (the validator's).
const refused: [string, string, string][] = [
  [
    'a mismatched close tag',
    '<ServiceRequest><Request></ServiceRequest>',
    "This XML is not well-formed (line 1, column 26: Expected closing tag 'Request' (opened in line 1, col 17) instead of closing tag 'ServiceRequest'); it is shown as raw text.",
  ],
  [
    'an unclosed root',
    '<ServiceRequest><Request></Request>',
    "This XML is not well-formed (line 1, column 1: Unclosed tag 'ServiceRequest'); it is shown as raw text.",
  ],
  [
    'two roots',
    '<a></a><b></b>',
    'This XML is not well-formed (line 1, column 10: Multiple possible root nodes found); it is shown as raw text.',
  ],
  [
    'garbage after the root',
    '<a></a> trailing words',
    'This XML is not well-formed (line 1, column 9: Extra text at the end); it is shown as raw text.',
  ],
  [
    'an attribute without quotes',
    '<a b=1></a>',
    "This XML is not well-formed (line 1, column 4: Attribute 'b' is without value); it is shown as raw text.",
  ],
  [
    'text before the root',
    'hello <a/>',
    "This XML is not well-formed (line 1, column 1: char 'h' is not expected); it is shown as raw text.",
  ],
];

describe('XML well-formedness without the validator pass', () => {
  it.each(refused)('refuses %s with the validator sentence', (_name, xml, warning) => {
    expect(passesXmlValidator(xml)).toBe(false);
    const decoded = decodeDocument(rawDocument(xml));
    expect(decoded.tree).toBeUndefined();
    expect(decoded.text).toBe(xml);
    expect(decoded.warnings).toEqual([warning]);
  });

  it('agrees with the validator on its quirks, accepted or refused', () => {
    const quirks = [serviceRequestXml(), ...validatorQuirks];
    for (const xml of quirks) expect([xml, passesXmlValidator(xml)]).toEqual([xml, validatorSays(xml)]);
  });

  it('agrees with the validator on thousands of damaged ServiceRequest documents', () => {
    const source = serviceRequestXml().replace('<FirstName>', '<FirstName lang="en" at=\'x\'>');
    const pieces = ['<', '>', '/', '=', '"', "'", '&', ';', '#', '!', '?', ' ', 'x', '<!--', ']]>', '&#x4'];
    let seed = 13;
    const random = (below: number) => {
      seed = (seed * 1103515245 + 12345) % 2 ** 31;
      return seed % below;
    };
    let accepted = 0;
    for (let round = 0; round < 4000; round++) {
      let xml = source;
      for (let edit = 0; edit <= random(3); edit++) {
        const at = random(xml.length);
        const kind = random(3);
        const piece = pieces[random(pieces.length)];
        if (kind === 0) xml = xml.slice(0, at) + xml.slice(at + 1 + random(4));
        else if (kind === 1) xml = xml.slice(0, at) + piece + xml.slice(at);
        else xml = xml.slice(0, at) + piece + xml.slice(at + piece.length);
      }
      const expected = validatorSays(xml);
      if (passesXmlValidator(xml) !== expected)
        expect({ xml, fast: !expected }).toEqual({ xml, fast: expected });
      if (expected) accepted++;
    }
    // Both outcomes are well represented, so the agreement means something.
    expect(accepted).toBeGreaterThan(200);
    expect(accepted).toBeLessThan(3600);
  });

  it('places a refusal in a document too long for the validator by line and column, and quotes it', () => {
    const whole = serviceRequestOfSize(maxValidatorSentenceChars + 256 * 1024);
    // An attribute without quotes, on a line two thirds of the way in.
    const at = whole.indexOf('<FirstName>', Math.floor((whole.length * 2) / 3));
    const broken = `${whole.slice(0, at)}<FirstName lang=en>${whole.slice(at + '<FirstName>'.length)}`;
    const line = broken.slice(0, at).split('\n').length;
    const column = at - broken.lastIndexOf('\n', at - 1);
    expect(firstRefusal(broken)).toBe(at);
    // What stands there, on one line: the refused tag and what follows it.
    expect(xmlTextWarning(broken)).toMatch(
      new RegExp(
        `^This XML is not well-formed \\(line ${line}, column ${column}, at "<FirstName lang=en>[^"\\n]+"\\); it is shown as raw text\\.$`,
      ),
    );
    // An element left open: the place is the end of the text.
    const unclosed = whole.slice(0, whole.lastIndexOf('</ServiceRequest>'));
    expect(xmlTextWarning(unclosed)).toMatch(
      /^This XML is not well-formed \(line \d+, column \d+, at the end of the text\); it is shown as raw text\.$/,
    );
    // Shorter text still gets the validator's own sentence (the refusals above).
    expect(xmlTextWarning('<a b=1></a>')).toBe(
      "This XML is not well-formed (line 1, column 4: Attribute 'b' is without value); it is shown as raw text.",
    );
  });
});
