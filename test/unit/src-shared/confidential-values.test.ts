import { describe, expect, it } from 'vitest';
import {
  confidentialCodes,
  confidentialFieldValues,
  confidentialSpots,
  maskedCopy,
  spotKey,
} from '../../../src-shared/confidential-values';

const codes = new Set(['NINO', 'DOB']);

describe('confidentialCodes', () => {
  it('takes the codes of the fields marked confidential, and only those', () => {
    const fields = [
      { code: 'NINO', confidential: true },
      { code: 'FirstName', confidential: false },
      { code: 'DOB', confidential: true },
      { code: 'Mobile' },
    ];
    expect([...confidentialCodes(fields)]).toEqual(['NINO', 'DOB']);
  });
});

describe('confidentialFieldValues', () => {
  it('names the values of the fields marked confidential, for the Reveal buttons', () => {
    const fields = [
      { code: 'NINO', name: 'National Insurance number', value: 'QQ345678C', confidential: true },
      { code: 'FirstName', name: 'First name', value: 'Grace', confidential: false },
      { code: 'Mobile', name: 'Mobile', value: '07700 900003' },
    ];
    expect(confidentialFieldValues(fields)).toEqual([
      { name: 'National Insurance number', value: 'QQ345678C' },
    ]);
  });
});

describe('confidentialSpots', () => {
  it("finds the ValueAsString of a REST payload's confidential Fields, not their labels or others", () => {
    const payload = {
      ProcessId: 'p',
      Fields: [
        { Label: 'First name', Code: 'FirstName', ValueAsString: 'Grace' },
        { Label: 'Date of birth', Code: 'DOB', ValueAsString: '1966-12-09' },
        { Label: 'National Insurance number', Code: 'NINO', ValueAsString: 'QQ345678C' },
      ],
    };
    expect(confidentialSpots(payload, codes)).toEqual([
      { path: ['Fields', 1, 'ValueAsString'], code: 'DOB' },
      { path: ['Fields', 2, 'ValueAsString'], code: 'NINO' },
    ]);
  });

  it('finds the value of an API Field by its code, or by its own confidential flag', () => {
    const body = {
      fields: [
        { name: 'NI', code: 'NINO', value: 'QQ345678C', confidential: false },
        { name: 'PIN', code: 'PIN', value: '1234', confidential: true },
        { name: 'Outcome', code: 'OUTCOME', value: 'Accepted', confidential: false },
      ],
    };
    expect(confidentialSpots(body, codes)).toEqual([
      { path: ['fields', 0, 'value'], code: 'NINO' },
      { path: ['fields', 1, 'value'], code: 'PIN' },
    ]);
  });

  it('finds plain {code: value} entries at any depth, and searches an object under such a key', () => {
    const response = {
      caseReference: 'BO-1',
      mapped: { NINO: 'QQ345678C', DOB: 19661209 },
      NINO: { nested: 'x' },
    };
    expect(confidentialSpots(response, codes)).toEqual([
      { path: ['mapped', 'NINO'], code: 'NINO' },
      { path: ['mapped', 'DOB'], code: 'DOB' },
    ]);
  });

  it('matches codes exactly (the API is case-sensitive) and finds nothing without codes', () => {
    expect(
      confidentialSpots({ nino: 'QQ345678C', Fields: [{ Code: 'Nino', ValueAsString: 'x' }] }, codes),
    ).toEqual([]);
    expect(confidentialSpots({ NINO: 'QQ345678C' }, new Set())).toEqual([]);
    expect(confidentialSpots('QQ345678C', codes)).toEqual([]);
    expect(confidentialSpots(null, codes)).toEqual([]);
  });
});

describe('maskedCopy', () => {
  it('replaces each spot with the mask and leaves the value it was given untouched', () => {
    const payload = {
      Fields: [{ Code: 'NINO', ValueAsString: 'QQ345678C' }],
      NINO: 'QQ345678C',
      Other: 'kept',
    };
    const spots = confidentialSpots(payload, codes);
    const copy = maskedCopy(payload, spots, '***');
    expect(copy).toEqual({ Fields: [{ Code: 'NINO', ValueAsString: '***' }], NINO: '***', Other: 'kept' });
    expect(JSON.stringify(copy)).not.toContain('QQ345678C');
    expect(payload.NINO).toBe('QQ345678C');
    expect(spotKey(spots[0]!.path)).toBe('["Fields",0,"ValueAsString"]');
  });
});

describe('a field that marks itself confidential', () => {
  it('is masked in either spelling, as the API and a .NET service write it', () => {
    const answer = {
      Fields: [
        { Code: 'NINO', Value: 'QQ345678C', Confidential: true },
        { Code: 'Town', Value: 'Leeds', Confidential: false },
      ],
      fields: [{ code: 'DOB', value: '1966-12-09', confidential: true }],
    };
    const masked = JSON.stringify(maskedCopy(answer, confidentialSpots(answer, new Set()), '•••'));
    expect(masked).not.toContain('QQ345678C');
    expect(masked).not.toContain('1966-12-09');
    expect(masked).toContain('Leeds');
  });
});
