// Types the leave popup and its lazy dialog share, in a module of their own so neither imports the other.

export type LeavePopupVariant = 'app' | 'line';

export interface LeavePopupDialogProps {
  variant: LeavePopupVariant;
  /** Stay: forward again, re-arming the marker. */
  close(): void;
  /** Go back for real. */
  leave(): void;
}
