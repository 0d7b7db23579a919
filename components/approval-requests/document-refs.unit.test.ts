import { describe, expect, it } from 'vitest';
import { acceptsSigning, documentContentIssues, documentRefs, documentValuesFrom, parseActorIds } from './document-refs.ts';

describe('parseActorIds', () => {
  it('reads one id per line or comma separated, leaving out blanks', () => {
    expect(parseActorIds('act_1\nact_2, act_3,\n\n ,act_4 ')).toEqual({ ids: ['act_1', 'act_2', 'act_3', 'act_4'] });
    expect(parseActorIds('   \n ,')).toEqual({ ids: [] });
  });

  it('names an id with a space, an id too long, and a list too long', () => {
    expect(parseActorIds('act_1\nact 2').error).toBe(
      '“act 2” has a space: put each actor ID on its own line or separate them with commas',
    );
    expect(parseActorIds(`act_1,${'a'.repeat(121)}`).error).toBe(`“${'a'.repeat(12)}…” is longer than 120 characters`);
    expect(parseActorIds('a'.repeat(120)).ids).toHaveLength(1);
    const many = Array.from({ length: 51 }, (_, i) => `act_${i}`).join('\n');
    expect(parseActorIds(many).error).toBe('At most 50 actor IDs (51 given)');
    expect(parseActorIds(many.split('\n').slice(0, 50).join('\n')).error).toBeUndefined();
  });
});

describe('documentRefs', () => {
  const documents = { receipt: 'doc_1', quote: '', contract: 'doc_3' };

  it('sends each chosen document with its field key and its name, trimmed', () => {
    expect(
      documentRefs({ documents, names: { receipt: '  Lunch receipt ', contract: 'c.pdf' }, signers: {}, signing: false }),
    ).toEqual([
      { document_id: 'doc_1', field_key: 'receipt', name: 'Lunch receipt' },
      { document_id: 'doc_3', field_key: 'contract', name: 'c.pdf' },
    ]);
  });

  it('adds sign_actor_ids only when the workflow accepts them and the list is not empty', () => {
    const signers = { receipt: 'act_1, act_2', contract: ' \n' };
    const names = { receipt: 'r.pdf', contract: 'c.pdf' };
    expect(documentRefs({ documents, names, signers, signing: true })).toEqual([
      { document_id: 'doc_1', field_key: 'receipt', name: 'r.pdf', sign_actor_ids: ['act_1', 'act_2'] },
      { document_id: 'doc_3', field_key: 'contract', name: 'c.pdf' },
    ]);
    expect(documentRefs({ documents, names, signers, signing: false }).some((d) => 'sign_actor_ids' in d)).toBe(false);
  });

  it('falls back to the document id for a missing name', () => {
    expect(documentRefs({ documents: { receipt: 'doc_1' }, names: {}, signers: {}, signing: false })[0]!.name).toBe('doc_1');
  });
});

describe('documentContentIssues', () => {
  it('names an empty or long name and a bad list of actor ids at their fields, for chosen documents only', () => {
    const issues = documentContentIssues({
      documents: { receipt: 'doc_1', quote: 'doc_2', contract: '' },
      names: { receipt: '   ', quote: 'q'.repeat(201), contract: '' },
      signers: { receipt: 'a b', contract: 'x y' },
      signing: true,
    });
    expect(issues).toEqual([
      { path: ['documentNames', 'receipt'], message: 'Give the document a name' },
      { path: ['documentNames', 'quote'], message: 'At most 200 characters (201 given)' },
      {
        path: ['signers', 'receipt'],
        message: '“a b” has a space: put each actor ID on its own line or separate them with commas',
      },
    ]);
  });

  it('ignores actor ids when the workflow does not accept per-document signing', () => {
    expect(
      documentContentIssues({
        documents: { receipt: 'doc_1' },
        names: { receipt: 'r' },
        signers: { receipt: 'a b' },
        signing: false,
      }),
    ).toEqual([]);
  });
});

describe('documentValuesFrom', () => {
  it('takes ids, names and actor ids from the stored documents', () => {
    const refs = [{ document_id: 'doc_1', field_key: 'receipt', name: 'r.pdf', sign_actor_ids: ['act_1', 'act_2'] }];
    expect(documentValuesFrom(['receipt', 'quote'], refs)).toEqual({
      documents: { receipt: 'doc_1', quote: '' },
      documentNames: { receipt: 'r.pdf', quote: '' },
      signers: { receipt: 'act_1\nact_2', quote: '' },
    });
  });
});

describe('acceptsSigning', () => {
  it('takes the request’s own flag first, else the workflow’s, and reads absent as no', () => {
    expect(acceptsSigning({ accepts_per_document_signing: false }, { accepts_per_document_signing: true })).toBe(false);
    expect(acceptsSigning({ accepts_per_document_signing: true })).toBe(true);
    expect(acceptsSigning({}, { accepts_per_document_signing: true })).toBe(true);
    expect(acceptsSigning({}, {})).toBe(false);
    expect(acceptsSigning({}, { accepts_per_document_signing: 'yes' })).toBe(false);
    expect(acceptsSigning({})).toBe(false);
  });
});
