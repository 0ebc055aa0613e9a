import { describe, expect, it } from 'vitest';
import { documentFileName, safeFileName } from '../../../../src-main/core/save-path';

describe('safe file names on every platform', () => {
  it('makes Windows device names ordinary files', () => {
    for (const name of ['CON.txt', 'con', 'PRN.xml', 'aux.pdf', 'NUL', 'COM1.txt', 'lpt9.log', 'CON .txt'])
      expect(safeFileName(name), name).toMatch(/^_/);
    expect(safeFileName('CON.txt')).toBe('_CON.txt');
    expect(safeFileName('CONSOLE.txt')).toBe('CONSOLE.txt');
  });

  it('replaces characters Windows forbids and drops trailing dots and spaces', () => {
    expect(safeFileName('a<b>:c|?.pdf')).toBe('a_b__c__.pdf');
    expect(safeFileName('report.pdf. . ')).toBe('report.pdf');
    expect(safeFileName('..\\..\\evil/..')).toBe('document');
    expect(safeFileName('.hidden')).toBe('hidden');
    expect(safeFileName('invoice\u202Efdp.exe')).toBe('invoice_fdp.exe');
  });
});

describe('the name a saved document gets', () => {
  it("replaces the service's extension by the one the content proves", () => {
    expect(documentFileName('ServiceRequest.exe', '.xml')).toBe('ServiceRequest.xml');
    expect(documentFileName('letter.hta', '.txt')).toBe('letter.txt');
    expect(documentFileName('shortcut.lnk', '.bin')).toBe('shortcut.bin');
    expect(documentFileName('CON.txt', '.txt')).toBe('_CON.txt');
    expect(documentFileName('a<b>:c|?.pdf', '.pdf')).toBe('a_b__c__.pdf');
    expect(documentFileName('...', '.pdf')).toBe('document.pdf');
  });
});
