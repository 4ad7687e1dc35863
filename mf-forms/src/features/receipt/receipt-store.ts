/** The last receipt, handed from a form to its completed page in this tab (never in the URL). */
export interface StoredReceipt {
  form: 'users_inquiry' | 'violate' | 'inbound_inquiries' | 'apply' | 'cashback';
  receiptNumber: string;
  receivedAt: string;
  email: string;
  summary: { label: string; value: string }[];
  note?: string;
}

const KEY = 'sumika.formReceipt';

export function saveReceipt(receipt: StoredReceipt): void {
  try {
    sessionStorage.setItem(KEY, JSON.stringify(receipt));
  } catch {
    // Private mode: the completed page shows its generic text.
  }
}

export function readReceipt(): StoredReceipt | null {
  try {
    const raw = sessionStorage.getItem(KEY);
    return raw ? (JSON.parse(raw) as StoredReceipt) : null;
  } catch {
    return null;
  }
}
