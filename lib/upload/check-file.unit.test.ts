import { describe, expect, it } from 'vitest';
import { MAX_UPLOAD_BYTES } from '../documents/schemas.ts';
import { checkFileCount, checkFileFacts, MAX_FILES_AT_ONCE, checkFileHead, checkPageCount, describeContent, unreadableMessage } from './check-file.ts';

const bytes = (...values: number[]) => new Uint8Array(values);
const text = (s: string) => new TextEncoder().encode(s);

describe('checkFileCount', () => {
  it(`accepts 1 to ${MAX_FILES_AT_ONCE} files in one choice`, () => {
    expect(checkFileCount(1)).toBeNull();
    expect(checkFileCount(3)).toBeNull();
    expect(checkFileCount(MAX_FILES_AT_ONCE)).toBeNull();
    expect(checkFileCount(0)).toMatch(/Choose a PDF/);
    expect(checkFileCount(MAX_FILES_AT_ONCE + 1)).toBe(`Choose at most ${MAX_FILES_AT_ONCE} PDFs at a time (${MAX_FILES_AT_ONCE + 1} files were chosen).`);
  });
});

describe('checkFileFacts', () => {
  const pdf = { name: 'contract.pdf', type: 'application/pdf', size: 1000 };
  it('accepts a PDF by extension or by declared type', () => {
    expect(checkFileFacts(pdf)).toBeNull();
    expect(checkFileFacts({ ...pdf, name: 'CONTRACT.PDF', type: '' })).toBeNull();
    expect(checkFileFacts({ ...pdf, name: 'scan', type: 'application/pdf' })).toBeNull();
  });
  it('refuses other types with the extension named', () => {
    expect(checkFileFacts({ name: 'deck.pptx', type: 'application/vnd.openxmlformats-officedocument.presentationml.presentation', size: 10 })).toMatch(
      /“deck.pptx” is a \.pptx file\. Only PDF documents are accepted/,
    );
    expect(checkFileFacts({ name: 'README', type: '', size: 10 })).toMatch(/without the \.pdf extension/);
  });
  it('refuses an empty file', () => {
    expect(checkFileFacts({ ...pdf, size: 0 })).toMatch(/is empty/);
  });
  it('accepts exactly 25 MB and refuses one byte more', () => {
    expect(checkFileFacts({ ...pdf, size: MAX_UPLOAD_BYTES })).toBeNull();
    expect(checkFileFacts({ ...pdf, size: MAX_UPLOAD_BYTES + 1 })).toMatch(/is 25\.0 MB; the limit is 25 MB \(26,214,400 bytes\)/);
    expect(checkFileFacts({ ...pdf, size: 30 * 1024 * 1024 })).toMatch(/is 30\.0 MB/);
  });
});

describe('checkFileHead / describeContent', () => {
  it('needs %PDF- at the very start', () => {
    expect(checkFileHead('a.pdf', text('%PDF-1.7\n'))).toBeNull();
    expect(checkFileHead('a.pdf', text(' %PDF-1.7'))).toMatch(/not a PDF/);
  });
  it('names what a renamed file really is', () => {
    expect(checkFileHead('photo.pdf', bytes(0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0))).toBe(
      '“photo.pdf” is not a PDF: its content is a PNG image, even though the name ends in .pdf. Only PDF documents are accepted.',
    );
    expect(describeContent(bytes(0xff, 0xd8, 0xff, 0xe0)).description).toBe('a JPEG image');
    expect(describeContent(text('PK\u0003\u0004....ppt/slides')).description).toBe('a PowerPoint presentation (PPTX)');
    expect(describeContent(text('PK\u0003\u0004....word/document.xml')).description).toBe('a Word document (DOCX)');
    expect(describeContent(new Uint8Array()).description).toBe('an empty file');
    expect(describeContent(text('hello')).pdf).toBe(false);
  });
});

describe('checkPageCount', () => {
  it('accepts 1 to 200 pages', () => {
    expect(checkPageCount('a.pdf', 1)).toBeNull();
    expect(checkPageCount('a.pdf', 200)).toBeNull();
    expect(checkPageCount('a.pdf', 0)).toMatch(/no pages/);
    expect(checkPageCount('big.pdf', 201)).toBe('“big.pdf” has 201 pages; at most 200 are accepted. Split it into smaller PDFs.');
  });
  it('explains unreadable files', () => {
    expect(unreadableMessage('x.pdf', 'encrypted')).toMatch(/password-protected or encrypted/);
    expect(unreadableMessage('x.pdf', 'invalid')).toMatch(/damaged or incomplete/);
  });
});
