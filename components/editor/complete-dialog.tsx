import { Button } from '@/components/ui/button';
import { Dialog } from '@/components/ui/dialog';
import type { LayoutField } from '@/lib/documents/schemas';

interface CompleteDialogProps {
  open: boolean;
  fields: LayoutField[];
  dirty: boolean;
  running: boolean;
  onOpenChange(open: boolean): void;
  onConfirm(): void;
}

/** Completion is final: the dialog says what will be fixed before the user confirms. */
export function CompleteDialog({ open, fields, dirty, running, onOpenChange, onConfirm }: CompleteDialogProps) {
  const signers = new Set(fields.map((f) => f.slot_id)).size;
  const pages = new Set(fields.map((f) => f.page)).size;
  const required = fields.filter((f) => f.required).length;
  return (
    <Dialog
      open={open}
      onOpenChange={(next) => !running && onOpenChange(next)}
      title="Complete the layout?"
      description="A completed layout is final: no field can be added, moved or changed afterwards."
    >
      <ul className="list-disc pl-5 text-sm text-slate-800">
        <li>
          {fields.length} {fields.length === 1 ? 'field' : 'fields'} ({required} required) on {pages}{' '}
          {pages === 1 ? 'page' : 'pages'}
        </li>
        <li>
          {signers} {signers === 1 ? 'signer slot' : 'signer slots'}
        </li>
        {dirty && <li className="font-medium text-amber-900">Your unsaved changes are completed with it.</li>}
      </ul>
      <div className="mt-5 flex justify-end gap-2">
        <Button variant="secondary" disabled={running} onClick={() => onOpenChange(false)}>
          Cancel
        </Button>
        <Button busy={running} onClick={onConfirm}>
          Complete layout
        </Button>
      </div>
    </Dialog>
  );
}
