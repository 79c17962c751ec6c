import type { ReactNode } from 'react';
import { Button } from '@cassette/plugin-sdk/ui';

interface SettingsTableProps {
  columns: string[];
  /** Adds the (visually hidden) Actions column header; rows then end with `RowActions`. */
  withActions: boolean;
  children: ReactNode;
}

/** The settings tabs' tables: named columns, and an Actions column for those who may change rows. */
export function SettingsTable({ columns, withActions, children }: SettingsTableProps) {
  return (
    <table className="cs-table">
      <thead>
        <tr>
          {columns.map((column) => (
            <th key={column} scope="col">
              {column}
            </th>
          ))}
          {withActions && (
            <th scope="col">
              <span className="cs-visually-hidden">Actions</span>
            </th>
          )}
        </tr>
      </thead>
      <tbody>{children}</tbody>
    </table>
  );
}

interface RowActionsProps {
  /** Names the row in the buttons' accessible labels ("Edit Shop", "Delete Shop"). */
  name: string;
  onEdit(): void;
  onDelete(): void;
  /** 'Edit' unless the row can only be looked at ('View'). */
  editLabel?: string;
  deleteDisabled?: boolean;
  /** Edit and Delete are both off, with `disabledReason` as their tooltip. */
  editDisabled?: boolean;
  disabledReason?: string;
  /** Extra buttons before Edit. */
  children?: ReactNode;
}

/** Edit and Delete at the end of a settings row. */
export function RowActions({ name, onEdit, onDelete, editLabel = 'Edit', deleteDisabled = false, editDisabled = false, disabledReason, children }: RowActionsProps) {
  return (
    <td className="cs-table__actions">
      {children}
      <Button size="small" variant="ghost" aria-label={`${editLabel} ${name}`} disabled={editDisabled} title={editDisabled ? disabledReason : undefined} onClick={onEdit}>
        {editLabel}
      </Button>
      <Button size="small" variant="ghost" aria-label={`Delete ${name}`} disabled={deleteDisabled || editDisabled} title={editDisabled ? disabledReason : undefined} onClick={onDelete}>
        Delete
      </Button>
    </td>
  );
}
