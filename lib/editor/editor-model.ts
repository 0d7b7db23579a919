import type { LayoutField } from '../documents/schemas.ts';
import { sameLayout } from './layout-diff.ts';
import { NO_PROBLEMS, type LayoutProblems } from './server-errors.ts';

// The editor's working state: the user's layout, the server layout it started from (and that
// layout's version, the expectedVersion of the next command), the selection, and the
// problems the server reported on the last save.

export interface EditorModel {
  fields: LayoutField[];
  base: LayoutField[];
  /** version of `base`, as last read from the server; null before the first read */
  version: number | null;
  status: 'draft' | 'completed';
  selectedId: string | null;
  /** slots added by hand that no field uses yet */
  extraSlots: string[];
  problems: LayoutProblems;
}

export const initialModel: EditorModel = { fields: [], base: [], version: null, status: 'draft', selectedId: null, extraSlots: [], problems: NO_PROBLEMS };

interface ServerLayout {
  fields: LayoutField[];
  version: number;
  status: 'draft' | 'completed';
}

export type EditorAction =
  /** the server's layout replaces the local one (first read, or "use the server's layout") */
  | ({ type: 'loaded' } & ServerLayout)
  /** local edits carried over onto a server layout: restored draft, rebase after a conflict */
  | ({ type: 'rebased'; local: LayoutField[]; extraSlots?: string[] } & ServerLayout)
  /** a command succeeded: the server's layout becomes the base; later local edits stay */
  | ({ type: 'saved' } & ServerLayout)
  | { type: 'rejected'; problems: LayoutProblems }
  | { type: 'add'; field: LayoutField }
  | { type: 'update'; id: string; patch: Partial<Omit<LayoutField, 'id'>> }
  | { type: 'remove'; id: string }
  | { type: 'select'; id: string | null }
  | { type: 'add-slot'; slot: string };

function withoutProblemsOf(problems: LayoutProblems, id: string): LayoutProblems {
  if (!(id in problems.byField)) return problems;
  const byField = { ...problems.byField };
  delete byField[id];
  return { ...problems, byField };
}

const keepSelection = (id: string | null, fields: LayoutField[]) => (id && fields.some((f) => f.id === id) ? id : null);

export function editorReducer(state: EditorModel, action: EditorAction): EditorModel {
  switch (action.type) {
    case 'loaded':
      return {
        ...state,
        fields: action.fields,
        base: action.fields,
        version: action.version,
        status: action.status,
        selectedId: keepSelection(state.selectedId, action.fields),
        problems: NO_PROBLEMS,
      };
    case 'rebased':
      return {
        ...state,
        fields: action.local,
        base: action.fields,
        version: action.version,
        status: action.status,
        extraSlots: action.extraSlots ?? state.extraSlots,
        selectedId: keepSelection(state.selectedId, action.local),
        problems: NO_PROBLEMS,
      };
    case 'saved':
      return { ...state, base: action.fields, version: action.version, status: action.status, problems: NO_PROBLEMS };
    case 'rejected':
      return { ...state, problems: action.problems };
    case 'add':
      return { ...state, fields: [...state.fields, action.field], selectedId: action.field.id };
    case 'update':
      return {
        ...state,
        fields: state.fields.map((f) => (f.id === action.id ? { ...f, ...action.patch } : f)),
        problems: withoutProblemsOf(state.problems, action.id),
      };
    case 'remove':
      return {
        ...state,
        fields: state.fields.filter((f) => f.id !== action.id),
        selectedId: state.selectedId === action.id ? null : state.selectedId,
        problems: withoutProblemsOf(state.problems, action.id),
      };
    case 'select':
      return { ...state, selectedId: action.id };
    case 'add-slot':
      return state.extraSlots.includes(action.slot) ? state : { ...state, extraSlots: [...state.extraSlots, action.slot] };
  }
}

export const isDirty = (m: EditorModel) => !sameLayout(m.fields, m.base);
export const selectedField = (m: EditorModel) => m.fields.find((f) => f.id === m.selectedId) ?? null;
