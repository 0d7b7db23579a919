/** Why an upload's file is refused (422), with a message that names what is wrong with it. */
export interface Refusal {
  code: 'UNSUPPORTED_FILE_TYPE' | 'INVALID_PDF' | 'PDF_ENCRYPTED' | 'PAGE_COUNT_OUT_OF_RANGE';
  message: string;
}
