import { describe, expect, it } from 'vitest';
import { ConsoleApiError } from '@/lib/api-error';
import { KEY_STILL_RUNNING } from '@/lib/confirm-loop';
import { RECEIPT_NOT_FOUND, RECEIPT_UNUSABLE } from '@/lib/packages/receipt-codes';
import { RECEIPT_END_MARGIN_MS, receiptGone } from './receipt-gone';

const refusal = (status: number, code: string) => new ConsoleApiError(status, code, 'refused');

describe('receiptGone', () => {
  it('tells a spent receipt that was sent from one that ran out by the time left on the API clock', () => {
    expect(receiptGone(refusal(409, RECEIPT_UNUSABLE), 4 * 60_000)).toBe('consumed');
    expect(receiptGone(refusal(409, RECEIPT_UNUSABLE), RECEIPT_END_MARGIN_MS + 1)).toBe('consumed');
    expect(receiptGone(refusal(409, RECEIPT_UNUSABLE), RECEIPT_END_MARGIN_MS)).toBe('expired');
    expect(receiptGone(refusal(409, RECEIPT_UNUSABLE), -30_000)).toBe('expired');
  });

  it('says an unknown receipt is not found, whatever the time', () => {
    expect(receiptGone(refusal(404, RECEIPT_NOT_FOUND), 60_000)).toBe('not_found');
    expect(receiptGone(refusal(404, RECEIPT_NOT_FOUND), -1)).toBe('not_found');
  });

  it('leaves every other failure to the page: the same Send still running, a bare conflict, a network error', () => {
    expect(receiptGone(refusal(409, KEY_STILL_RUNNING), 60_000)).toBeUndefined();
    expect(receiptGone(refusal(409, 'CONFLICT'), -1)).toBeUndefined();
    expect(receiptGone(refusal(404, 'NOT_FOUND'), 60_000)).toBeUndefined();
    expect(receiptGone(new TypeError('Failed to fetch'), -1)).toBeUndefined();
  });
});
