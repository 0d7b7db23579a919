// pdf.js reports encryption only when the trailer's /Encrypt resolves to a dictionary it can
// use. A dangling reference, or one in an earlier revision's trailer, still marks a file that
// was encrypted by its producer and that other readers refuse or prompt for, so every classic
// trailer and every cross-reference stream dictionary is read for an /Encrypt entry too.

const TRAILER = Buffer.from('trailer', 'latin1');
const XREF_TYPE = /\/Type\s*\/XRef\b/;
const XREF_NAME = Buffer.from('/XRef', 'latin1');
// A dictionary or a reference: "/Encrypt null", which some producers write, encrypts nothing.
const ENCRYPT_ENTRY = /\/Encrypt\s*(?:<<|\d+\s+\d+\s+R\b)/;
// A trailer or cross-reference stream dictionary is small; this bounds each read.
const DICT_WINDOW = 4096;

const text = (bytes: Buffer, from: number, to: number) =>
  bytes.subarray(Math.max(0, from), Math.min(bytes.length, to)).toString('latin1');

function trailerDeclares(bytes: Buffer): boolean {
  for (let at = bytes.indexOf(TRAILER); at !== -1; at = bytes.indexOf(TRAILER, at + TRAILER.length)) {
    const dict = text(bytes, at, at + DICT_WINDOW);
    const end = dict.indexOf('startxref');
    if (ENCRYPT_ENTRY.test(end === -1 ? dict : dict.slice(0, end))) return true;
  }
  return false;
}

// A cross-reference stream's dictionary runs from its "obj" keyword to its "stream" keyword.
function xrefStreamDeclares(bytes: Buffer): boolean {
  for (let at = bytes.indexOf(XREF_NAME); at !== -1; at = bytes.indexOf(XREF_NAME, at + XREF_NAME.length)) {
    const before = text(bytes, at - DICT_WINDOW, at);
    const after = text(bytes, at, at + DICT_WINDOW);
    const start = before.lastIndexOf('obj');
    const end = after.indexOf('stream');
    if (start === -1 || end === -1) continue;
    const dict = before.slice(start) + after.slice(0, end);
    if (XREF_TYPE.test(dict) && ENCRYPT_ENTRY.test(dict)) return true;
  }
  return false;
}

/** Whether any revision's trailer (classic or cross-reference stream) names an /Encrypt entry. */
export const declaresEncryption = (bytes: Buffer) => trailerDeclares(bytes) || xrefStreamDeclares(bytes);
