// The editor layout of DESIGN.md section 3. Coordinates are PDF points from the page's
// bottom-left corner.
export const FIELD_TYPES = ['signature', 'initials', 'date', 'text', 'checkbox'] as const;
export type FieldType = (typeof FIELD_TYPES)[number];

export interface LayoutField {
  id: string;
  type: FieldType;
  page: number;
  x: number;
  y: number;
  width: number;
  height: number;
  slot_id: string;
  required: boolean;
}

export interface EditorLayout {
  fields: LayoutField[];
}
