import { describe, expect, it } from 'vitest';
import { readSubmissionSchema } from '../../lib/submission-schema/index.ts';
import { WORKFLOW_SEEDS, schemaFor } from './workflows.ts';

describe('seeded workflow releases', () => {
  it('are read whole by the console\'s schema reading: no unsupported construct, every property a field', () => {
    for (const w of WORKFLOW_SEEDS)
      w.releases.forEach((r, i) => {
        const reading = readSubmissionSchema(schemaFor(w, i + 1));
        expect(reading.unsupported, `${w.id}@${i + 1}`).toEqual([]);
        expect(reading.fields.map((f) => f.key), `${w.id}@${i + 1}`).toEqual(Object.keys(r.properties));
      });
  });

  it('exercise every construct a form carries in one release', () => {
    const kinds = new Set<string>();
    const visit = (fields: ReturnType<typeof readSubmissionSchema>['fields']) => {
      for (const f of fields) {
        kinds.add(f.kind);
        if (f.default !== undefined) kinds.add('default');
        if (f.pattern) kinds.add('pattern');
        if (f.multipleOf) kinds.add('multipleOf');
        if (f.exclusiveMin !== undefined) kinds.add('exclusiveMinimum');
        if (f.kind === 'array') kinds.add(`array of ${f.item!.kind}`);
        visit(f.fields ?? []);
        if (f.item) visit([f.item]);
      }
    };
    const contract = WORKFLOW_SEEDS.find((w) => w.id === 'wf_contract')!;
    visit(readSubmissionSchema(schemaFor(contract, contract.releases.length)).fields);
    for (const k of ['object', 'array of object', 'array of email', 'choice', 'constant', 'date-time', 'uri', 'default', 'pattern', 'multipleOf', 'exclusiveMinimum', 'document', 'boolean', 'integer'])
      expect(kinds, k).toContain(k);
  });
});
