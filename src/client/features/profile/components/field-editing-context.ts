import { createContext, useContext } from 'react';
import type { EditableProfileField } from '../../../../shared/profile/profile-schema.ts';
import type { ProfileFormValues } from '../profile-form.ts';

/** Which fields are open for editing, and the page-wide read-only switch (offline). */
export interface FieldEditing {
  /** Offline copy: nothing can be edited. */
  readOnly: boolean;
  /** The values last saved on the server, which a discard restores. */
  saved: ProfileFormValues;
  isEditing: (field: EditableProfileField) => boolean;
  edit: (field: EditableProfileField) => void;
  discard: (field: EditableProfileField) => void;
}

export const FieldEditingContext = createContext<FieldEditing | null>(null);

export function useFieldEditing(): FieldEditing {
  const context = useContext(FieldEditingContext);
  if (!context) throw new Error('useFieldEditing must be used inside the account form');
  return context;
}
